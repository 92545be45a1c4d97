import { SEARCH_LIMITS, searchRoutes, type TSearchMessagesQuery } from '@rounds/contracts/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

type TQuery = Omit<TSearchMessagesQuery, 'page' | 'pageSize'>;

/** GET /search/messages: one page of the messages found, newest first. */
export async function searchMessages(query: TQuery, page: number, signal?: AbortSignal) {
  return apiCall(
    searchRoutes.messages,
    { query: { ...query, page, pageSize: SEARCH_LIMITS.pageSizeDefault } },
    { signal, toast: false },
  );
}

/** Pages of results, the next asked for when the list reaches its end. */
export const searchMessagesOptions = (query: TQuery) =>
  infiniteQueryOptions({
    queryKey: ['search', 'messages', query],
    queryFn: ({ pageParam, signal }) => searchMessages(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // What was said a minute ago may be found now: results are asked for afresh each time.
    staleTime: 0,
  });

export function useSearchMessages(query: TQuery, enabled: boolean) {
  return useInfiniteQuery({ ...searchMessagesOptions(query), enabled });
}
