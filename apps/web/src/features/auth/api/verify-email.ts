import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/verify-email: the six-digit code from the email, with the temp token of the sign-up. */
export function verifyEmail(body: { verifyToken: string; tempToken: string }) {
  return apiCall(authRoutes.verifyEmail, { body }, { auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
