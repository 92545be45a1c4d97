import { api } from '../../../lib/api-client';

/**
 * GET /auth/logout: ends every session of the user on the server and clears the refresh cookie. Silent:
 * the local session ends whatever the server says (it may already consider it over).
 */
export async function logoutRequest(): Promise<void> {
  await api.get('/auth/logout', { toast: false });
}
