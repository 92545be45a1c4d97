import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/reset-password: the code from the reset email and the new password. */
export function resetPassword(body: { token: string; password: string }) {
  return apiCall(authRoutes.resetPassword, { body }, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
