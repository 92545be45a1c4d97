import { ZVerifyEmailReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/verify-email: the six-digit code from the email, with the temp token of the sign-up. */
export function verifyEmail(body: { verifyToken: string; tempToken: string }) {
  return api.post('/auth/verify-email', body, { schema: ZVerifyEmailReply, auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
