import { chatRoomRoutes, type TMessage } from '@rounds/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { queryClient } from '../../../lib/query-client';
import { ackSummary } from '../lib/acknowledgements';

export const PENDING_URGENT_KEY = ['chat', 'pending-urgent'] as const;

/**
 * GET /chat-room/pending-urgent: the URGENT messages waiting for this user's acknowledgement, oldest first.
 * Fetched at sign-in and on every (re)connection, so one that came while the user was away or before a
 * reload is brought up again; kept current by the socket events (realtime.ts) until each is acknowledged.
 */
export async function getPendingUrgent({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(chatRoomRoutes.pendingUrgent, {}, { signal })).data.messages;
}

export function usePendingUrgent(enabled = true) {
  return useQuery({
    queryKey: PENDING_URGENT_KEY,
    queryFn: getPendingUrgent,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A message's new copy: in the pending list while it still asks this user for an URGENT acknowledgement. */
export function notePendingUrgent(message: TMessage, me: string | undefined): void {
  const summary = ackSummary(message, me);
  const waiting = summary.mayAcknowledge && summary.level === 'URGENT' && message.author !== me;
  queryClient.setQueryData<TMessage[]>(PENDING_URGENT_KEY, (list) => {
    if (!list) return list;
    const others = list.filter((m) => m.id !== message.id);
    if (!waiting) return others.length === list.length ? list : others;
    return [...others, message].sort((a, b) => a.timetoken - b.timetoken);
  });
}
