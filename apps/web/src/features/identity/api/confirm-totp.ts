import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { mfaFactorsQueryOptions } from './get-factors';

/** POST /mfa/factors/:id/confirm: the new authenticator's first code; the first one brings recovery codes. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (o: { id: string; code: string; label: string }) =>
      (
        await apiCall(
          mfaRoutes.confirm,
          { params: { id: o.id }, body: { code: o.code, label: o.label } },
          { toast: (error) => error.status >= 500 },
        )
      ).data,
    onSettled: () => client.invalidateQueries({ queryKey: mfaFactorsQueryOptions().queryKey }),
  });
}
