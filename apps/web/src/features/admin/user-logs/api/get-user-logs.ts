import { userLogRoutes } from '@rounds/contracts/user-logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

export type TLogsFilter = { keyword: string; from?: number; to?: number; page: number };

export const USER_LOGS_PAGE_SIZE = 10;
export const userLogsKey = ['admin', 'user-logs'] as const;

/** GET /user/logs: page from 0, 10 a page, newest first (doc 2 section 9). */
export function getUserLogs({ keyword, from, to, page }: TLogsFilter, signal?: AbortSignal) {
  return apiCall(
    userLogRoutes.list,
    {
      query: {
        keyword: keyword || undefined,
        from,
        to,
        page,
        pageSize: USER_LOGS_PAGE_SIZE,
        sortBy: 'createdAt',
        order: 'desc',
      },
    },
    { signal },
  );
}

export function userLogsQueryOptions(filter: TLogsFilter) {
  return queryOptions({
    queryKey: [...userLogsKey, filter],
    queryFn: ({ signal }) => getUserLogs(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserLogs(filter: TLogsFilter) {
  return useQuery(userLogsQueryOptions(filter));
}
