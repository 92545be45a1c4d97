import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import type { TUser } from '@rounds/contracts/user';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const route = lazyRoute(FIRST_DOWNLOAD_ROUTES.me, () =>
  import('@rounds/contracts/account').then((contract) => contract.accountRoutes.me),
);

/**
 * GET /setting/me: the trial login at start-up (is the stored token still honoured, and who is it?).
 * Silent: the caller decides what a failure means (expired session, or a server that is away).
 */
export async function getMe(token?: string): Promise<TUser> {
  const reply = await apiCall(route, {}, { token, toast: false });
  return reply.data;
}
