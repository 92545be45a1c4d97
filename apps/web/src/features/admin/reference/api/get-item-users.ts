import { adminUserRoutes, MEMBER_FILTER } from '@rounds/contracts/admin-users';
import type { TReferenceKind } from '@rounds/contracts/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { MEMBER_PAGE_SIZE } from '../reference-sections';
import { referenceAdminKey } from './get-reference-page';

export type TItemUsersFilter = {
  kind: TReferenceKind;
  id: string;
  /** false: the item's members; true: everyone else (the Available users list). */
  exclude: boolean;
  keyword: string;
  page: number;
};

/** GET /user filtered by one classification id (doc 2 section 7), 5 a page (doc 2 section 9). */
export async function getItemUsers({ kind, id, exclude, keyword, page }: TItemUsersFilter, signal?: AbortSignal) {
  return apiCall(
    adminUserRoutes.list,
    {
      query: {
        [MEMBER_FILTER[kind]]: id,
        exclude,
        keyword: keyword || undefined,
        page,
        pageSize: MEMBER_PAGE_SIZE,
      },
    },
    { signal },
  );
}

export function itemUsersQueryOptions(filter: TItemUsersFilter) {
  const { kind, id, exclude, keyword, page } = filter;
  return queryOptions({
    queryKey: [...referenceAdminKey(kind), 'users', id, { exclude, keyword, page }],
    queryFn: ({ signal }) => getItemUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useItemUsers(filter: TItemUsersFilter) {
  return useQuery(itemUsersQueryOptions(filter));
}
