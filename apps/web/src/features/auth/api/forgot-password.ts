import { ZMessageReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/forgot-password: always the same answer, whether or not the address is registered. */
export function forgotPassword(body: { username: string }) {
  return api.post('/auth/forgot-password', body, { schema: ZMessageReply, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
