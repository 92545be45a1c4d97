import { escalationRoutes } from '@rounds/contracts/escalation';
import { onCallRoutes as routes } from '@rounds/contracts/on-call';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileForm } from '../../lib/multipart-form';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { CSV_MAX_BYTES, csvTooLarge } from '../admin/admin-user-import';

/**
 * On-call duty roles (issue 25). Reading roles and who holds them, taking and releasing them: any signed-in
 * user (taking: a role of their own facilities). Creating, renaming, retiring and scheduling: Admin (any
 * facility) and FacilityAdmin (their facilities), checked by the services; escalation policies likewise, and an
 * URGENT message's escalation timeline for its sender and the room's owner.
 */
export const onCallHttpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['on-call'];
  const signedIn = { tags, onRequest: requireAuth(app) };
  const admins = { tags, onRequest: requireAuth(app, ['Admin', 'FacilityAdmin']) };
  const { roles, holds, schedule, roleRooms, escalation } = app.onCall;

  registerRoute(app, routes.list, signedIn, async (req) => roles.list(req.query));
  registerRoute(app, routes.onCall, signedIn, async (req) => ({
    data: await roles.onCall(req.query.facilityId, req.query.at ?? Date.now()),
  }));
  registerRoute(app, routes.take, signedIn, async (req) => ({
    data: await holds.take(authOf(req).userId, req.params.id, req.body),
  }));
  registerRoute(app, routes.release, signedIn, async (req) => ({
    data: await holds.release(authOf(req).userId, req.params.id),
  }));
  // Anyone signed in may message a role, of any facility: a nurse may need another site's on-call team.
  registerRoute(app, routes.room, signedIn, async (req) => ({
    data: { chatRoom: await roleRooms.open(authOf(req).userId, req.params.id) },
  }));

  registerRoute(app, routes.create, admins, async (req) => ({ data: await roles.create(authOf(req), req.body) }));
  registerRoute(app, routes.update, admins, async (req) => ({
    data: await roles.update(authOf(req), req.params.id, req.body),
  }));
  registerRoute(app, routes.retire, admins, async (req) => {
    await roles.retire(authOf(req), req.params.id);
    return { message: text('dutyRoleRetired', requestLanguage(req)) };
  });
  registerRoute(app, routes.schedule, admins, async (req) => ({
    data: await schedule.get(authOf(req), req.params.id),
  }));
  registerRoute(app, routes.setSchedule, admins, async (req) => ({
    data: await schedule.set(authOf(req), req.params.id, req.body),
  }));
  registerRoute(app, routes.importSchedule, admins, async (req) => {
    const { file, fields } = await readFileForm(req, { maxBytes: CSV_MAX_BYTES, tooLarge: csvTooLarge() });
    return { data: await schedule.importCsv(authOf(req), fields.facilityId, file, requestLanguage(req)) };
  });

  registerRoute(app, escalationRoutes.policy, admins, async (req) => ({
    data: await escalation.policy(authOf(req), req.params.id),
  }));
  registerRoute(app, escalationRoutes.setPolicy, admins, async (req) => ({
    data: await escalation.setPolicy(authOf(req), req.params.id, req.body),
  }));
  // The sender and the room's owner; the service says who of the signed-in users may read it.
  registerRoute(app, escalationRoutes.timeline, signedIn, async (req) => ({
    data: await escalation.timeline(authOf(req), req.params.messageId),
  }));
};
