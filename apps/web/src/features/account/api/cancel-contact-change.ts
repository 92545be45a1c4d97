import { ZUserReply } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** POST /setting/cancel-phone-email-update: drops the pending email and phone; their codes stop working. */
export async function cancelContactChange() {
  const reply = await api.post('/setting/cancel-phone-email-update', undefined, { schema: ZUserReply });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useCancelContactChange() {
  return useMutation({ mutationFn: cancelContactChange });
}
