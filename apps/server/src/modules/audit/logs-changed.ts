import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { liveUserIdsWithRole } from '../users/users.store';

/**
 * After an admin action committed its user-log entry: the tabs of the people who read the logs (Admins and
 * FacilityAdmins) refetch their page. Each refetch is scoped by the server, so telling every reader is safe.
 */
export async function publishLogsChanged(app: FastifyInstance): Promise<void> {
  const readers = await liveUserIdsWithRole(app.db, ['Admin', 'FacilityAdmin']);
  if (readers.length) app.publish(SERVER_EVENTS.LogsChanged, {}, { users: readers });
}
