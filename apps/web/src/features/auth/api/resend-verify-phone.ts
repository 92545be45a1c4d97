import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/resend-verify-phone: a fresh SMS code; the reply says how many sends are left. */
export function resendVerifyPhone(body: { tempToken: string }) {
  return apiCall(authRoutes.resendPhone, { body }, { auth: false });
}

export function useResendVerifyPhone() {
  return useMutation({ mutationFn: resendVerifyPhone });
}
