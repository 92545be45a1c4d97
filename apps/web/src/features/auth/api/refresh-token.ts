import { api } from '../../../lib/api-client';

/**
 * POST /auth/refresh-token: a new access token for the session the HttpOnly cookie names; the cookie is
 * rotated by the same reply. No bearer (the old token may be expired) and no toast: the session lifecycle
 * decides whether a failure ends the session.
 */
export async function refreshToken(currentToken: string | null): Promise<string> {
  const reply = await api.post('/auth/refresh-token', currentToken ? { currentToken } : {}, {
    schema: () => import('@rounds/contracts/auth').then((contract) => contract.ZRefreshReply),
    auth: false,
    toast: false,
  });
  return reply.token;
}
