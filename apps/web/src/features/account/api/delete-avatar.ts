import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/** DELETE /setting/delete-avatar: back to initials. */
export async function deleteAvatar() {
  const reply = await apiCall(accountRoutes.deleteAvatar, {});
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: deleteAvatar });
}
