import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { apiCall } from '../../../../lib/api-call';
import { useUserMutation } from './use-user-mutation';

/** POST /user/reset-password: the administrator sets a new password; the user's sessions end. */
export function useResetPassword() {
  return useUserMutation((body: { id: string; newPassword: string }) =>
    apiCall(adminUserRoutes.resetPassword, { body }),
  );
}
