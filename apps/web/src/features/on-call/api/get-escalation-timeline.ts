import { escalationRoutes, type TEscalationTimeline } from '@rounds/contracts/escalation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const ESCALATION_KEY = ['escalation'] as const;

/** EscalationChanged, and the URGENT reminders the timeline shows too, read it again. */
export function invalidateEscalation(messageId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...ESCALATION_KEY, messageId] });
}

/**
 * GET /escalations/:messageId: the chain of an URGENT message to a role, for its sender. A message with no
 * chain (a room that speaks for no role, a role without a policy) answers 404: null, and nothing is shown.
 */
export function escalationTimelineQueryOptions(messageId: string) {
  return queryOptions({
    queryKey: [...ESCALATION_KEY, messageId],
    queryFn: async ({ signal }): Promise<TEscalationTimeline | null> => {
      try {
        return (
          await apiCall(
            escalationRoutes.timeline,
            { params: { messageId } },
            // No chain is no failure: the 404 is answered quietly.
            { signal, toast: (error) => error.status !== 404 },
          )
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

export function useEscalationTimeline(messageId: string) {
  return useQuery(escalationTimelineQueryOptions(messageId));
}
