import { adminUserRoutes, type TAdminUserListQuery } from '@rounds/contracts/admin-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { adminUserKeys } from './keys';

export type TUsersQuery = Pick<TAdminUserListQuery, 'page' | 'pageSize' | 'sortBy' | 'order'> & { keyword: string };

/** GET /user (doc 2 section 7): one page of users, searched and sorted by the server. */
export function listUsers(query: TUsersQuery, signal?: AbortSignal) {
  const { keyword, ...rest } = query;
  return apiCall(adminUserRoutes.list, { query: { ...rest, ...(keyword ? { keyword } : {}) } }, { signal });
}

export function usersQueryOptions(query: TUsersQuery) {
  return queryOptions({
    queryKey: adminUserKeys.list(query),
    // The signal aborts a search the user has already typed past (its query has no observer left).
    queryFn: ({ signal }) => listUsers(query, signal),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: TUsersQuery) {
  return useQuery(usersQueryOptions(query));
}
