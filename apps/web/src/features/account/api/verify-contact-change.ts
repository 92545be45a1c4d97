import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/** POST /setting/verify-updated-phone { verifyToken, type }: the code confirms the pending phone or email. */
export async function verifyContactChange(body: { verifyToken: string; type: 'phone' | 'email' }) {
  const reply = await apiCall(accountRoutes.verifyContactChange, { body });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useVerifyContactChange() {
  return useMutation({ mutationFn: verifyContactChange });
}
