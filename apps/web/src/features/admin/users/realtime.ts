import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { QueryClient } from '@tanstack/react-query';
import { subscribe } from '../../../lib/socket';
import { adminUserKeys } from './api/keys';

/**
 * Keeps the Users section current while it is open: a user changed (UserUpdated), permissions set
 * (PermissionsChanged) or a new audit entry (LogsChanged, sent when administrators act) refreshes the users
 * queries. Only the queries on screen refetch; the rest are marked stale. Returns the unsubscribe.
 */
export function subscribeAdminUsers(client: QueryClient): () => void {
  const refresh = () => void client.invalidateQueries({ queryKey: adminUserKeys.all });
  const stops = [
    subscribe(SERVER_EVENTS.UserUpdated, refresh),
    subscribe(SERVER_EVENTS.PermissionsChanged, refresh),
    subscribe(SERVER_EVENTS.LogsChanged, refresh),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
