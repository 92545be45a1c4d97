import { complianceRoutes } from '@rounds/contracts/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

export const LEGAL_HOLDS_KEY = ['admin', 'legal-holds'] as const;

/** GET /compliance/holds (Admin): holds in force first, then released ones. */
export const legalHoldsQueryOptions = () =>
  queryOptions({
    queryKey: LEGAL_HOLDS_KEY,
    queryFn: async ({ signal }) => (await apiCall(complianceRoutes.holds, {}, { signal })).data,
  });

export function useLegalHolds() {
  return useQuery(legalHoldsQueryOptions());
}
