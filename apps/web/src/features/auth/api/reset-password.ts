import { ZMessageReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/reset-password: the code from the reset email and the new password. */
export function resetPassword(body: { token: string; password: string }) {
  return api.post('/auth/reset-password', body, { schema: ZMessageReply, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
