import { accountRoutes, type ZUpdateAccountRequest } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/** The body as the form sends it: the session timeout as typed ('' keeps the default) or in minutes. */
export type TAccountUpdate = z.input<typeof ZUpdateAccountRequest>;

/** POST /setting/account: personal and professional information, and the own session timeout. */
export async function updateAccount(body: TAccountUpdate) {
  const reply = await apiCall(accountRoutes.updateAccount, { body });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount });
}
