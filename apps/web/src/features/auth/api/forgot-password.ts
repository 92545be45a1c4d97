import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/forgot-password: always the same answer, whether or not the address is registered. */
export function forgotPassword(body: { username: string }) {
  return apiCall(authRoutes.forgotPassword, { body }, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
