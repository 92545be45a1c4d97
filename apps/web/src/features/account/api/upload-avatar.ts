import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';

/** POST /setting/upload-avatar, multipart field `file` (png, gif or jpeg, at most 2 MB; 413 / 415 otherwise). */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  const reply = await apiCall(accountRoutes.uploadAvatar, { body: form });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
