import { accountRoutes } from '@rounds/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';
import { recordPasswordChange } from '../lib/password-policy';

/**
 * POST /setting/password { currentPassword, newPassword }: 'Password has been updated'. The user's other
 * sessions end; this one stays. 400 WRONG_PASSWORD when the current password is wrong.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  const reply = await apiCall(accountRoutes.changePassword, { body });
  const userId = useSession.getState().user?.id;
  if (userId) recordPasswordChange(userId);
  return reply;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
