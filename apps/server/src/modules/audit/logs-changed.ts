import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';

/**
 * After a commit that wrote user logs: the open User logs pages (Admins and FacilityAdmins, doc 2 section 6)
 * reload. The event carries nothing; each page asks again with its own filters and scope.
 */
export async function publishLogsChanged(app: FastifyInstance): Promise<void> {
  const admins = await app.db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', ['Admin', 'FacilityAdmin'])
    .where('active', '=', 1)
    .where('deleted', '=', 0)
    .execute();
  app.publish(SERVER_EVENTS.LogsChanged, undefined, { users: admins.map((a) => a.id) });
}
