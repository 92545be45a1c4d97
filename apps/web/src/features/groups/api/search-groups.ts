import { chatRoomRoutes } from '@rounds/contracts/chat';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const SEARCH_GROUPS_KEY = ['groups', 'search'] as const;

/** POST /chat-room/search-groups {keyword}: the groups the user belongs to whose name contains the keyword. */
export async function searchGroups(keyword: string, { signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(chatRoomRoutes.searchGroups, { body: { keyword: keyword.trim() } }, { signal });
  return reply.data.chatRooms;
}

export function searchGroupsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: [...SEARCH_GROUPS_KEY, keyword.trim()],
    queryFn: ({ signal }) => searchGroups(keyword, { signal }),
    // While the next search loads, the previous results stay instead of a blank list.
    placeholderData: keepPreviousData,
  });
}

export function useSearchGroups(keyword: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...searchGroupsQueryOptions(keyword), enabled });
}
