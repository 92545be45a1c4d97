import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const logoutRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.logout, () =>
  import('@rounds/contracts/auth').then((contract) => contract.authRoutes.logout),
);

/**
 * GET /auth/logout: ends every session of the user on the server and clears the refresh cookie. Silent:
 * the local session ends whatever the server says (it may already consider it over).
 */
export async function logoutRequest(): Promise<void> {
  await apiCall(logoutRoute, {}, { toast: false });
}
