import { mfaRoutes } from '@rounds/contracts/mfa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { mfaFactorsQueryOptions } from './get-factors';

/** POST /mfa/factors/:id/remove: asks again for the password, or a code (six digits or a recovery code). */
export function useRemoveFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { id: string; proof: string }) => {
      const body = /^[\d\s]{6,7}$/.test(o.proof.trim()) ? { code: o.proof.trim() } : { password: o.proof };
      return apiCall(mfaRoutes.remove, { params: { id: o.id }, body }, { toast: (error) => error.status >= 500 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: mfaFactorsQueryOptions().queryKey }),
  });
}
