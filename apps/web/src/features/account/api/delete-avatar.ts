import { ZUserReply } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/** DELETE /setting/delete-avatar: back to initials. */
export async function deleteAvatar() {
  const reply = await api.delete('/setting/delete-avatar', undefined, { schema: ZUserReply });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: deleteAvatar });
}
