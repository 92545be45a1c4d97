import { escalationRoutes, type TEscalationPolicyRequest } from '@rounds/contracts/escalation';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { queryClient } from '../../../lib/query-client';

const policyKey = (roleId: string) => ['escalation-policy', roleId] as const;

/** GET /roles/:id/escalation: the role's steps and final notice, or null when it has none. */
export function escalationPolicyQueryOptions(roleId: string) {
  return queryOptions({
    queryKey: policyKey(roleId),
    queryFn: async ({ signal }) =>
      (await apiCall(escalationRoutes.policy, { params: { id: roleId } }, { signal })).data,
  });
}

export function useEscalationPolicy(roleId: string) {
  return useQuery(escalationPolicyQueryOptions(roleId));
}

/** PUT /roles/:id/escalation. A loop or an unknown target is refused with the step named (shown in the form). */
export function useSaveEscalationPolicy(roleId: string) {
  return useMutation({
    mutationFn: (body: TEscalationPolicyRequest) =>
      apiCall(escalationRoutes.setPolicy, { params: { id: roleId }, body }),
    onSuccess: (reply) => queryClient.setQueryData(policyKey(roleId), reply.data),
  });
}
