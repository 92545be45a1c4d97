import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import type { Publish } from '../../realtime/publish';
import { liveUserIdsWithRole } from '../users/users.store';

/**
 * After an admin action committed its user-log entry: the tabs of the people who read the logs (Admins and
 * FacilityAdmins) refetch their page. Each refetch is scoped by the server, so telling every reader is safe.
 */
export async function publishLogsChanged(deps: { db: Db; publish: Publish }): Promise<void> {
  const readers = await liveUserIdsWithRole(deps.db, ['Admin', 'FacilityAdmin']);
  if (readers.length) deps.publish(SERVER_EVENTS.LogsChanged, {}, { users: readers });
}
