import { complianceRoutes } from '@rounds/contracts/compliance';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { LEGAL_HOLDS_KEY } from './get-legal-holds';

/** POST /compliance/holds/:id/release: what it kept follows the retention policy again. */
export function useReleaseLegalHold() {
  return useMutation({
    mutationFn: (id: string) => apiCall(complianceRoutes.releaseHold, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEGAL_HOLDS_KEY }),
  });
}
