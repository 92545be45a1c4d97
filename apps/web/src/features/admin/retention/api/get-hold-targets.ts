import { complianceRoutes, type THoldTargetType } from '@rounds/contracts/compliance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /compliance/hold-targets: the people or conversations matching what the Admin typed (20 at most). */
export function useHoldTargets(type: THoldTargetType, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'hold-targets', type, q],
    queryFn: async ({ signal }) =>
      (await apiCall(complianceRoutes.holdTargets, { query: { type, q } }, { signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
