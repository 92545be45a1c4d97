import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/mfa/enrol/confirm: the app's first code; answers the session and the ten recovery codes. */
export function useConfirmSignInEnrolment() {
  return useMutation({
    mutationFn: (body: { mfaToken: string; factorId: string; code: string; label: string }) =>
      apiCall(mfaRoutes.enrolConfirm, { body }, { auth: false, toast: (error) => error.status >= 500 }),
  });
}
