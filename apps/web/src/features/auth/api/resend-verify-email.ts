import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/resend-verify-email: a fresh email code; the reply says how many sends are left. */
export function resendVerifyEmail(body: { email?: string; tempToken: string }) {
  return apiCall(authRoutes.resendEmail, { body }, { auth: false });
}

export function useResendVerifyEmail() {
  return useMutation({ mutationFn: resendVerifyEmail });
}
