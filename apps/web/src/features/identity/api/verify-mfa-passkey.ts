import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { assertPasskey } from '../lib/passkey-ceremony';

/**
 * The second step with a passkey: POST /auth/mfa/passkey/options for the challenge token's account, the
 * device's ceremony, then POST /auth/mfa/passkey/verify, which answers as the login does.
 */
export function useVerifyMfaPasskey() {
  return useMutation({
    mutationFn: async (mfaToken: string) => {
      const options = { auth: false, toast: (error: { status: number }) => error.status >= 500 } as const;
      const started = (await apiCall(mfaRoutes.passkeyVerifyOptions, { body: { mfaToken } }, options)).data;
      const credential = await assertPasskey(started.options);
      const body = { mfaToken, challengeId: started.challengeId, credential };
      return apiCall(mfaRoutes.passkeyVerify, { body }, options);
    },
  });
}
