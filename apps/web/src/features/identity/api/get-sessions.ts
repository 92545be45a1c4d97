import { authRoutes } from '@rounds/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** GET /auth/sessions: the devices and browsers this account is signed in on, this one marked current. */
// No toast: the panel says in its place that the list could not be loaded.
export async function getDeviceSessions({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(authRoutes.sessions, {}, { signal, toast: false })).data.sessions;
}

export const deviceSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'sessions'],
    queryFn: ({ signal }) => getDeviceSessions({ signal }),
    // "Last seen" moves while the page stays open.
    refetchInterval: 60_000,
  });

export function useDeviceSessions() {
  return useQuery(deviceSessionsQueryOptions());
}
