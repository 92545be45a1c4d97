import { type TRegisterRequest, ZRegisterReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/register: the registration payload; the reply's temp token carries on to email confirm. */
export function register(body: TRegisterRequest) {
  return api.post('/auth/register', body, { schema: ZRegisterReply, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
