import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';
import { assertPasskey } from '../lib/passkey-ceremony';

// The login page shows the button at once: the contracts (and zod) load with the first request, not before.
const optionsRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.passkeySignInOptions, () =>
  import('@rounds/contracts/mfa').then((contract) => contract.mfaRoutes.passkeySignInOptions),
);
const signInRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.passkeySignIn, () =>
  import('@rounds/contracts/mfa').then((contract) => contract.mfaRoutes.passkeySignIn),
);

/**
 * Signing in with a passkey alone: POST /auth/passkey/options (any passkey of this site, user verification
 * required), the device's ceremony, then POST /auth/passkey/sign-in, which answers as the login does.
 */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async (o: { remember: boolean }) => {
      const options = { auth: false, toast: (error: { status: number }) => error.status >= 500 } as const;
      const started = (await apiCall(optionsRoute, {}, options)).data;
      const credential = await assertPasskey(started.options);
      const body = { challengeId: started.challengeId, credential, remember: o.remember };
      return apiCall(signInRoute, { body }, options);
    },
  });
}
