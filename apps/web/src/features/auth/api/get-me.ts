import type { TUser } from '@rounds/contracts/user';
import { api } from '../../../lib/api-client';

/**
 * GET /setting/me: the trial login at start-up (is the stored token still honoured, and who is it?).
 * Silent: the caller decides what a failure means (expired session, or a server that is away).
 */
export async function getMe(token?: string): Promise<TUser> {
  const reply = await api.get('/setting/me', {
    token,
    schema: () => import('@rounds/contracts/account').then((contract) => contract.ZMeReply),
    toast: false,
  });
  return reply.data;
}
