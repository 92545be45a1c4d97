import { authRoutes } from '@rounds/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/change-email: fixes a mistyped address on the email-confirm screen; a new code is sent. */
export function changeEmail(body: { email: string; tempToken: string }) {
  return apiCall(authRoutes.changeEmail, { body }, { auth: false });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
