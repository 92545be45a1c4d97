import { scimTokenRoutes } from '@rounds/contracts/scim';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /admin/scim-tokens (Admin): the directory's tokens, never their secrets. */
export const scimTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'scim-tokens'],
    queryFn: async ({ signal }) => (await apiCall(scimTokenRoutes.list, {}, { signal, toast: false })).data.tokens,
  });

export function useScimTokens() {
  return useQuery(scimTokensQueryOptions());
}

function useRefreshAfter<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: scimTokensQueryOptions().queryKey }),
  });
}

/** POST /admin/scim-tokens: the answer carries the secret, this once. */
export function useCreateScimToken() {
  return useRefreshAfter(async (label: string) => (await apiCall(scimTokenRoutes.create, { body: { label } })).data);
}

/** POST /admin/scim-tokens/:id/rotate: a new secret, the old one dead at once. */
export function useRotateScimToken() {
  return useRefreshAfter(async (id: string) => (await apiCall(scimTokenRoutes.rotate, { params: { id } })).data);
}

/** DELETE /admin/scim-tokens/:id. */
export function useRevokeScimToken() {
  return useRefreshAfter(async (id: string) => apiCall(scimTokenRoutes.revoke, { params: { id } }));
}
