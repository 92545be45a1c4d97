import { ZVerifyPhoneReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/verify-phone: the six-digit SMS code, with the temp token of the sign-up. */
export function verifyPhone(body: { verifyToken: string; tempToken: string }) {
  return api.post('/auth/verify-phone', body, { schema: ZVerifyPhoneReply, auth: false });
}

export function useVerifyPhone() {
  return useMutation({ mutationFn: verifyPhone });
}
