import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/** POST /setting/cancel-phone-email-update: drops the pending email and phone; their codes stop working. */
export async function cancelContactChange() {
  const reply = await apiCall(accountRoutes.cancelContactChange, {});
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useCancelContactChange() {
  return useMutation({ mutationFn: cancelContactChange });
}
