import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';

/**
 * After an admin action committed its user-log entry: the tabs of the people who read the logs (Admins and
 * FacilityAdmins) refetch their page. Each refetch is scoped by the server, so telling every reader is safe.
 */
export async function publishLogsChanged(app: FastifyInstance): Promise<void> {
  const readers = await app.db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['Admin', 'FacilityAdmin'])
    .where('deleted', '=', 0)
    .where('active', '=', 1)
    .execute();
  if (readers.length) app.publish(SERVER_EVENTS.LogsChanged, {}, { users: readers.map((r) => r.id) });
}
