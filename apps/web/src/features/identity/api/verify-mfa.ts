import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/mfa/verify: the second step of signing in; a right code answers as the login does. */
export function useVerifyMfa() {
  return useMutation({
    mutationFn: (body: { mfaToken: string; code: string }) =>
      apiCall(mfaRoutes.verify, { body }, { auth: false, toast: (error) => error.status >= 500 }),
  });
}
