import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { adminUserKeys } from './keys';

/** GET /user/get-user?id: one user for the admin profile page. */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: async ({ signal }) => (await apiCall(adminUserRoutes.get, { query: { id } }, { signal })).data,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
