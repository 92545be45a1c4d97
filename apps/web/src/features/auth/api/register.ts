import { authRoutes, type TRegisterRequest } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/register: the registration payload; the reply's temp token carries on to email confirm. */
export function register(body: TRegisterRequest) {
  return apiCall(authRoutes.register, { body }, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
