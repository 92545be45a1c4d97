import { ssoRoutes } from '@rounds/contracts/sso';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /auth/sso/policy (Admin): whether single sign-on is the only way in. */
export const ssoPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'sso', 'policy'],
    queryFn: async ({ signal }) => (await apiCall(ssoRoutes.policy, {}, { signal, toast: false })).data,
  });

export function useSsoPolicy() {
  return useQuery(ssoPolicyQueryOptions());
}

/** PUT /auth/sso/policy (Admin). */
export function useUpdateSsoPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ssoOnly: boolean) => (await apiCall(ssoRoutes.updatePolicy, { body: { ssoOnly } })).data,
    onSuccess: (policy) => client.setQueryData(ssoPolicyQueryOptions().queryKey, policy),
  });
}
