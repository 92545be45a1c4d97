import { ZResendReply } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/change-email: fixes a mistyped address on the email-confirm screen; a new code is sent. */
export function changeEmail(body: { email: string; tempToken: string }) {
  return api.post('/auth/change-email', body, { schema: ZResendReply, auth: false });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
