import { complianceRoutes, type TRetentionPolicyInput } from '@rounds/contracts/compliance';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { queryClient } from '../../../../lib/query-client';
import { RETENTION_KEY } from './get-retention';

/** PUT /compliance/retention: the policy replaced whole; the reply is the page's new state. */
export function useSaveRetention() {
  return useMutation({
    mutationFn: (policy: TRetentionPolicyInput) => apiCall(complianceRoutes.setRetention, { body: policy }),
    onSuccess: (reply) => queryClient.setQueryData(RETENTION_KEY, reply.data),
  });
}
