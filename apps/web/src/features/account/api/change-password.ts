import { ZMessageReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { recordPasswordChange } from '../lib/password-policy';

/**
 * POST /setting/password { currentPassword, newPassword }: 'Password has been updated'. The user's other
 * sessions end; this one stays. 400 WRONG_PASSWORD when the current password is wrong.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  const reply = await api.post('/setting/password', body, { schema: ZMessageReply });
  const userId = useSession.getState().user?.id;
  if (userId) recordPasswordChange(userId);
  return reply;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
