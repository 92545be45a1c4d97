import { complianceRoutes } from '@rounds/contracts/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

export const RETENTION_KEY = ['admin', 'retention'] as const;

/** GET /compliance/retention (Admin): the policy and what the last sweep removed. */
export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: RETENTION_KEY,
    queryFn: async ({ signal }) => (await apiCall(complianceRoutes.retention, {}, { signal })).data,
  });

export function useRetention() {
  return useQuery(retentionQueryOptions());
}
