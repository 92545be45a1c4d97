import type { TAdminUserListQuery } from '@rounds/contracts/admin-users';
import { memberRoutes } from '@rounds/contracts/admin-users';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { REFERENCE_KINDS, type TReferenceKind } from '@rounds/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';
import { requestLanguage } from '../../lib/request-language';
import { text } from '../../lib/texts';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { writeAudit } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { bumpDirectory } from '../contacts/staff-directory';
import { KINDS } from '../reference/reference.service';
import { loadUserDto } from '../users/user-view';
import { assertManages, assertOwnFacilities } from '../users/users.policy';
import { setClassification } from '../users/users.store';

/*
 * Members of a facility, department, clinical role (profession), specialty or suffix (doc 2 sections 2 and 4):
 * the member and Available users lists of the edit pages are GET /user filtered here; add and remove change
 * the user's list for that classification (clinical role and suffix hold one value: add replaces, remove
 * empties). Facilities are the FacilityAdmin's too, within their own facilities; the other kinds the Admin's.
 */

const QUERY_KEYS = {
  facility: 'facilityId',
  department: 'departmentId',
  profession: 'professionId',
  specialty: 'specialtyId',
  suffix: 'suffixId',
} as const satisfies Record<TReferenceKind, keyof TAdminUserListQuery>;

export const hasMembershipFilter = (q: TAdminUserListQuery) => REFERENCE_KINDS.some((kind) => q[QUERY_KEYS[kind]]);

/** The where-clause of GET /user's classification filters: members of each item given, or with `exclude` not. */
export function membershipFilter(q: TAdminUserListQuery) {
  return (eb: ExpressionBuilder<Database, 'users'>): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    for (const kind of REFERENCE_KINDS) {
      const itemId = q[QUERY_KEYS[kind]];
      if (!itemId) continue;
      const k = KINDS[kind];
      const member = k.link
        ? eb.exists(
            eb
              .selectFrom(k.link)
              .select(`${k.link}.user_id`)
              .whereRef(`${k.link}.user_id`, '=', 'users.id')
              .where(`${k.link}.item_id`, '=', itemId),
          )
        : eb(`users.${k.column!}`, '=', itemId);
      parts.push(
        q.exclude
          ? k.link
            ? eb.not(member)
            : eb.or([eb(`users.${k.column!}`, 'is', null), eb(`users.${k.column!}`, '!=', itemId)])
          : member,
      );
    }
    return parts.length ? eb.and(parts) : eb.lit(true);
  };
}

export async function changeMembership(
  app: FastifyInstance,
  actor: AuthContext,
  o: { kind: TReferenceKind; id: string; userId: string; add: boolean; ip: string },
): Promise<void> {
  const k = KINDS[o.kind];
  if (o.kind !== 'facility' && actor.role !== 'Admin') throw forbidden('adminOnlyClassification', 'FORBIDDEN');
  const item = await app.db.selectFrom(k.table).select('id').where('id', '=', o.id).executeTakeFirst();
  if (!item) throw notFound('itemNotFound', 'ITEM_NOT_FOUND');
  if (o.kind === 'facility') await assertOwnFacilities(app.db, actor, [o.id]);
  const changed = await app.db.transaction().execute(async (trx) => {
    await assertManages(trx, actor, o.userId);
    let n = 0;
    if (k.link) {
      const has = await trx
        .selectFrom(k.link)
        .select('user_id')
        .where('user_id', '=', o.userId)
        .where('item_id', '=', o.id)
        .executeTakeFirst();
      if (o.add && !has) {
        await trx.insertInto(k.link).values({ user_id: o.userId, item_id: o.id }).execute();
        n = 1;
      } else if (!o.add && has) {
        await trx.deleteFrom(k.link).where('user_id', '=', o.userId).where('item_id', '=', o.id).execute();
        n = 1;
      }
    } else {
      n = await setClassification(trx, o.userId, k.column!, o.id, o.add);
    }
    if (n === 0) return false;
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
  const user = (await loadUserDto(app.db, o.userId))!;
  app.publish(SERVER_EVENTS.UserUpdated, { user }, { users: [o.userId] });
  await publishLogsChanged(app);
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
        await changeMembership(app, authOf(req), { kind, ...req.body, add, ip: req.ip });
        return {
          message: text(add ? 'memberAdded' : 'memberRemoved', requestLanguage(req)),
        };
      });
    }
  }
};
