import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const logoutRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.logout, () =>
  import('@rounds/contracts/auth').then((contract) => contract.authRoutes.logout),
);

/**
 * GET /auth/logout: ends every session of the user on the server and clears the refresh cookie. Silent:
 * the local session ends whatever the server says (it may already consider it over). A session opened through
 * single sign-on answers where the provider's session ends too (RP-initiated logout).
 */
export async function logoutRequest(): Promise<string | undefined> {
  return (await apiCall(logoutRoute, {}, { toast: false })).endSessionUrl;
}
