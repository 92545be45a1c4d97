import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /mfa/factors/totp: starts adding an authenticator from Settings (its seed, shown this once). */
export function useAddTotp() {
  return useMutation({ mutationFn: async () => (await apiCall(mfaRoutes.addTotp, {})).data });
}
