import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /auth/mfa/enrol: a new authenticator's seed and QR code, when sign-in asks for one first. */
export function useStartSignInEnrolment() {
  return useMutation({
    mutationFn: (mfaToken: string) => apiCall(mfaRoutes.enrolStart, { body: { mfaToken } }, { auth: false }),
  });
}
