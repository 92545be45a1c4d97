import { MEMBER_FILTER, memberRoutes, type TAdminUserListQuery } from '@rounds/contracts/admin-users';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { REFERENCE_KINDS, type TReferenceKind } from '@rounds/contracts/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { bumpDirectory } from '../contacts/staff-directory';
import { itemById, KINDS, membersWhere, setLink } from '../reference/reference.store';
import { assertManages, assertOwnFacilities } from '../users/users.policy';
import { setClassification } from '../users/users.store';
import { type AdminDeps, userReply } from './admin-context';

/*
 * Members of a facility, department, clinical role (profession), specialty or suffix (doc 2 sections 2 and 4):
 * the member and Available users lists of the edit pages are GET /user filtered here; add and remove change
 * the user's list for that classification (clinical role and suffix hold one value: add replaces, remove
 * empties). Facilities are the FacilityAdmin's too, within their own facilities; the other kinds the Admin's.
 */

export const hasMembershipFilter = (q: TAdminUserListQuery) => REFERENCE_KINDS.some((kind) => q[MEMBER_FILTER[kind]]);

/** The where-clause of GET /user's classification filters: members of each item given, or with `exclude` not. */
export function membershipFilter(q: TAdminUserListQuery) {
  const items = REFERENCE_KINDS.flatMap((kind) => {
    const itemId = q[MEMBER_FILTER[kind]];
    return itemId ? [{ kind, itemId }] : [];
  });
  return membersWhere(items, !!q.exclude);
}

export async function changeMembership(
  deps: Pick<AdminDeps, 'db' | 'publish'>,
  actor: AuthContext,
  o: { kind: TReferenceKind; id: string; userId: string; add: boolean; ip: string },
): Promise<void> {
  const k = KINDS[o.kind];
  if (o.kind !== 'facility' && actor.role !== 'Admin') throw forbidden('adminOnlyClassification', 'FORBIDDEN');
  if (!(await itemById(deps.db, k.table, o.id))) throw notFound('itemNotFound', 'ITEM_NOT_FOUND');
  if (o.kind === 'facility') await assertOwnFacilities(deps.db, actor, [o.id]);
  const changed = await deps.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.userId);
    const done = k.link
      ? await setLink(trx, k.link, { userId: o.userId, itemId: o.id, add: o.add })
      : (await setClassification(trx, o.userId, k.column!, o.id, o.add)) > 0;
    if (!done) return false;
    await bumpDirectory(trx, o.userId);
    await writeAudit(trx, {
      userId: o.userId,
      event: o.add ? 'member added' : 'member removed',
      ip: o.ip,
      details: { by: actor.userId, kind: o.kind, itemId: o.id },
    });
    return true;
  });
  if (!changed) return;
  const user = await userReply(deps.db, o.userId);
  deps.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [o.userId] });
  await publishLogsChanged(deps);
}

/** POST /<kind>/add-member and /<kind>/remove-member for the five kinds. */
export const referenceMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of REFERENCE_KINDS) {
    const routes = memberRoutes(kind);
    const options = {
      tags: ['admin'],
      onRequest: requireAuth(app, kind === 'facility' ? ['Admin', 'FacilityAdmin'] : ['Admin']),
    };
    for (const [route, add] of [
      [routes.add, true],
      [routes.remove, false],
    ] as const) {
      registerRoute(app, route, options, async (req) => {
        await app.admin.changeMembership(authOf(req), { kind, ...req.body, add, ip: req.ip });
        return {
          message: text(add ? 'memberAdded' : 'memberRemoved', requestLanguage(req)),
        };
      });
    }
  }
};
