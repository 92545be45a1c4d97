import { ApiError } from '../../../lib/api-client';

/** The server's words for a refused request (already in the user's language); nothing for a network failure. */
export const refusalOf = (error: unknown): string | null => (error instanceof ApiError ? error.message : null);
