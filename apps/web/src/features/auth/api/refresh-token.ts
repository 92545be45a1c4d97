import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const refreshRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.refreshToken, () =>
  import('@rounds/contracts/auth').then((contract) => contract.authRoutes.refreshToken),
);

/**
 * POST /auth/refresh-token: a new access token for the session the HttpOnly cookie names; the cookie is
 * rotated by the same reply. No bearer (the old token may be expired) and no toast: the session lifecycle
 * decides whether a failure ends the session.
 */
export async function refreshToken(currentToken: string | null): Promise<string> {
  const reply = await apiCall(
    refreshRoute,
    { body: currentToken ? { currentToken } : {} },
    {
      auth: false,
      toast: false,
    },
  );
  return reply.token;
}
