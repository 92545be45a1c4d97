import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { createPasskey } from '../lib/passkey-ceremony';

/**
 * Enrolment at sign-in with a passkey instead of an app: POST /auth/mfa/enrol/passkey/options, the device's
 * ceremony, then POST /auth/mfa/enrol/passkey, which answers as the login does (with the recovery codes).
 */
export function useEnrolPasskeyAtSignIn() {
  return useMutation({
    mutationFn: async (o: { mfaToken: string; label: string }) => {
      const options = { auth: false, toast: (error: { status: number }) => error.status >= 500 } as const;
      const started = (await apiCall(mfaRoutes.enrolPasskeyOptions, { body: { mfaToken: o.mfaToken } }, options)).data;
      const credential = await createPasskey(started.options);
      const body = { mfaToken: o.mfaToken, challengeId: started.challengeId, label: o.label, credential };
      return apiCall(mfaRoutes.enrolPasskey, { body }, options);
    },
  });
}
