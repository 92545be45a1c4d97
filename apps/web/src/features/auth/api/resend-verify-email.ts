import { ZResendReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-verify-email: a fresh email code; the reply says how many sends are left. */
export function resendVerifyEmail(body: { email?: string; tempToken: string }) {
  return api.post('/auth/resend-verify-email', body, { schema: ZResendReply, auth: false });
}

export function useResendVerifyEmail() {
  return useMutation({ mutationFn: resendVerifyEmail });
}
