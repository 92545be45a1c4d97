import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { createPasskey } from '../lib/passkey-ceremony';
import { mfaFactorsQueryOptions } from './get-factors';

/**
 * Settings: a new passkey. POST /mfa/factors/passkey/options, the device's ceremony, then POST
 * /mfa/factors/passkey with its answer (one ceremony, so its two endpoints share this file).
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (o: { label: string }) => {
      const { challengeId, options } = (await apiCall(mfaRoutes.passkeyRegistrationOptions, {})).data;
      const credential = await createPasskey(options);
      const body = { challengeId, label: o.label, credential };
      return (await apiCall(mfaRoutes.addPasskey, { body }, { toast: (error) => error.status >= 500 })).data;
    },
    onSettled: () => client.invalidateQueries({ queryKey: mfaFactorsQueryOptions().queryKey }),
  });
}
