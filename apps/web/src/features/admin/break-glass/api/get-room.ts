import { breakGlassRoutes } from '@rounds/contracts/compliance';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { ApiError } from '../../../../lib/api-client';
import { BREAK_GLASS_KEY } from './find-rooms';

/** Without a live grant every read is 403: the view says the access is over instead of a toast. */
const quietOn403 = (error: ApiError) => error.status !== 403;
const noRetryOn403 = (count: number, error: Error) => !(error instanceof ApiError && error.status === 403) && count < 2;
/** A grant's holder is no member and gets no live events: the newest messages are fetched again meanwhile. */
const REFRESH_MS = 20_000;

/** GET /compliance/break-glass/rooms/:roomId: the Admin's live grant (its end and reason, for the banner). */
export function useBreakGlassGrant(roomId: string) {
  return useQuery({
    queryKey: [...BREAK_GLASS_KEY, 'grant', roomId],
    queryFn: async ({ signal }) =>
      (await apiCall(breakGlassRoutes.grant, { params: { roomId } }, { signal, toast: quietOn403 })).data,
    retry: noRetryOn403,
  });
}

/** GET …/messages: history pages through chat's read path, newest page first, older ones on request. */
export function useBreakGlassMessages(roomId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...BREAK_GLASS_KEY, 'messages', roomId],
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiCall(
          breakGlassRoutes.messages,
          { params: { roomId }, query: pageParam === undefined ? {} : { before: pageParam } },
          { signal, toast: quietOn403 },
        )
      ).data,
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages[0]?.seq : undefined),
    enabled,
    retry: noRetryOn403,
    refetchInterval: REFRESH_MS,
  });
}

/** GET …/members: who is in the room. */
export function useBreakGlassMembers(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...BREAK_GLASS_KEY, 'members', roomId],
    queryFn: async ({ signal }) =>
      (await apiCall(breakGlassRoutes.members, { params: { roomId } }, { signal, toast: quietOn403 })).data,
    enabled,
    retry: noRetryOn403,
  });
}
