import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { mfaFactorsQueryOptions } from './get-factors';

/** PUT /mfa/factors/:id: a new name for one of this account's authenticators. */
export function useRenameFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { id: string; label: string }) =>
      apiCall(mfaRoutes.rename, { params: { id: o.id }, body: { label: o.label } }),
    onSettled: () => client.invalidateQueries({ queryKey: mfaFactorsQueryOptions().queryKey }),
  });
}
