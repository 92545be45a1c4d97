import { onCallRoutes } from '@rounds/contracts/on-call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { queryClient } from '../../../lib/query-client';

/** Every duty-role query starts with this key: DutyRoleChanged and every write invalidate them all. */
export const DUTY_ROLES_KEY = ['duty-roles'] as const;

/**
 * After a change, from this tab's write or from DutyRoleChanged: a fetch under way may have started before
 * the commit, so it is replaced (its cancellation is a quiet abort in lib/api-client).
 */
export function invalidateDutyRoles(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: DUTY_ROLES_KEY });
}

export type TDutyRolesFilter = { facilityIds: readonly string[]; keyword: string; page: number; pageSize: number };

/** GET /roles: a page of live roles with who holds each now. */
export function dutyRolesQueryOptions(filter: TDutyRolesFilter) {
  return queryOptions({
    queryKey: [...DUTY_ROLES_KEY, filter],
    queryFn: ({ signal }) =>
      apiCall(
        onCallRoutes.list,
        {
          query: {
            facilityId: filter.facilityIds.length ? [...filter.facilityIds] : undefined,
            keyword: filter.keyword || undefined,
            page: filter.page,
            pageSize: filter.pageSize,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDutyRoles(filter: TDutyRolesFilter) {
  return useQuery(dutyRolesQueryOptions(filter));
}
