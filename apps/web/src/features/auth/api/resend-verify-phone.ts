import { ZResendReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-verify-phone: a fresh SMS code; the reply says how many sends are left. */
export function resendVerifyPhone(body: { tempToken: string }) {
  return api.post('/auth/resend-verify-phone', body, { schema: ZResendReply, auth: false });
}

export function useResendVerifyPhone() {
  return useMutation({ mutationFn: resendVerifyPhone });
}
