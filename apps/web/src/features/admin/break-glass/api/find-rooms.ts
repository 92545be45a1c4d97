import { breakGlassRoutes } from '@rounds/contracts/compliance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

export const BREAK_GLASS_KEY = ['admin', 'break-glass'] as const;
export const PAGE_SIZE = 20;

/** GET /compliance/break-glass/rooms: a page of conversations by group name or member, with the Admin's grants. */
export function useBreakGlassRooms(q: string, page: number) {
  return useQuery({
    queryKey: [...BREAK_GLASS_KEY, 'rooms', q, page],
    queryFn: async ({ signal }) =>
      (await apiCall(breakGlassRoutes.rooms, { query: { q, page, pageSize: PAGE_SIZE } }, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
