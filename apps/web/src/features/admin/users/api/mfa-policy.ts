import { mfaRoutes, type TMfaPolicy } from '@rounds/contracts/mfa';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /mfa/policy: who must sign in with an authenticator (Administration, beside the password policy). */
export const mfaPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['mfa', 'policy'],
    queryFn: async () => (await apiCall(mfaRoutes.policy, {})).data.policy,
  });
export const useMfaPolicy = () => useQuery(mfaPolicyQueryOptions());

/** PUT /mfa/policy. */
export function useSetMfaPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: TMfaPolicy) => apiCall(mfaRoutes.setPolicy, { body: { policy } }),
    onSuccess: (reply) => client.setQueryData(mfaPolicyQueryOptions().queryKey, reply.data.policy),
  });
}
