import { complianceRoutes, type TCreateLegalHoldRequest } from '@rounds/contracts/compliance';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { LEGAL_HOLDS_KEY } from './get-legal-holds';

/** POST /compliance/holds: a hold in force from now on. */
export function usePlaceLegalHold() {
  return useMutation({
    mutationFn: (body: TCreateLegalHoldRequest) => apiCall(complianceRoutes.placeHold, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEGAL_HOLDS_KEY }),
  });
}
