import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/verify-phone: the six-digit SMS code, with the temp token of the sign-up. */
export function verifyPhone(body: { verifyToken: string; tempToken: string }) {
  return apiCall(authRoutes.verifyPhone, { body }, { auth: false });
}

export function useVerifyPhone() {
  return useMutation({ mutationFn: verifyPhone });
}
