import { SERVER_EVENTS } from '@rounds/contracts/events';
import { compareNames } from '@rounds/contracts/names';
import type { TDutyRole, TDutyRolesQuery } from '@rounds/contracts/on-call';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import type { Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { managedScope } from '../users/managed.store';
import * as store from './duty-roles.store';
import { holdersAt, type Rotation } from './duty-schedule.rules';
import { roleHasPendingChain } from './escalation.store';
import { ianaZone } from './zoned-time';

export type OnCallDeps = {
  db: Db;
  publish: Publish;
  /** Called after a change of who holds a role committed: the role's room follows (role-room.service). */
  holdersChanged?: (roleId: string) => Promise<void>;
};

export const dutyRoleNotFound = () => notFound('dutyRoleNotFound', 'DUTY_ROLE_NOT_FOUND');

/** The roles with who holds each at `at`: three queries for the whole set, then the rules. */
export async function withHolders(
  db: Db,
  rows: store.DutyRoleRow[],
  at: number,
  /** The roles' rotations when the caller has them already (GET /on-call's cache). */
  knownRotations?: Map<string, Rotation[]>,
): Promise<TDutyRole[]> {
  const data = await store.holdData(
    db,
    rows.map((r) => r.id),
    at,
    knownRotations,
  );
  const resolved = rows.map((r) => ({ row: r, holders: holdersAt({ at, timeZone: r.time_zone, ...data.get(r.id)! }) }));
  const names = await store.activeNames(
    db,
    resolved.flatMap((r) => r.holders.map((h) => h.userId)),
  );
  return resolved.map(({ row, holders }) => ({
    id: row.id,
    name: row.name,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    timeZone: row.time_zone,
    // A deactivated or deleted holder holds nothing: the role shows as nobody's (issue 25, faults).
    holders: holders
      .filter((h) => names.has(h.userId))
      .map((h) => ({ ...h, fullName: names.get(h.userId)! }))
      .sort((a, b) => compareNames(a.fullName, b.fullName)),
  }));
}

/**
 * Everyone who holds a live duty role at `at`, by hand or by the schedule, in any facility: who is "on shift"
 * when a directory filter is narrowed to them (issue 25, docs/decisions.md). Three queries for every role.
 */
export async function peopleOnDuty(db: Db, at: number): Promise<Set<string>> {
  const roles = await withHolders(db, await store.matchingRoles(db, {}), at);
  return new Set(roles.flatMap((r) => r.holders.map((h) => h.userId)));
}

const byFacilityThenName = (a: store.DutyRoleRow, b: store.DutyRoleRow) =>
  compareNames(a.facility_name, b.facility_name) || compareNames(a.name, b.name);

/** A role as it is now, or 404. */
export async function roleNow(db: Db, id: string): Promise<TDutyRole> {
  const row = await store.liveRole(db, id);
  if (!row) throw dutyRoleNotFound();
  return (await withHolders(db, [row], Date.now()))[0]!;
}

/** A live role the actor administers (Admin: any; FacilityAdmin: their facilities), or 404/403. */
export async function administeredRole(db: Db, actor: AuthContext, id: string): Promise<store.DutyRoleRow> {
  const row = await store.liveRole(db, id);
  if (!row) throw dutyRoleNotFound();
  await assertFacilityAdministered(db, actor, row.facility_id);
  return row;
}

export async function assertFacilityAdministered(db: Db, actor: AuthContext, facilityId: string) {
  const scope = await managedScope(db, actor);
  if (scope.kind === 'facilities' && !scope.facilityIds.includes(facilityId)) {
    throw forbidden('ownFacilityRolesOnly', 'OUT_OF_SCOPE');
  }
}

export function createDutyRolesService({ db, publish }: OnCallDeps) {
  // A facility has tens to hundreds of roles: one entry per facility asked about.
  const onCallCache = new Map<string, { key: string; rows: store.DutyRoleRow[]; rotations: Map<string, Rotation[]> }>();
  const changed = (role: { id: string; facility_id: string }) =>
    publish(SERVER_EVENTS.DutyRoleChanged, { roleId: role.id, facilityId: role.facility_id }, { all: true });

  async function checkDepartment(departmentId: string | null | undefined) {
    if (departmentId && !(await store.referenceExists(db, 'departments', departmentId))) {
      throw invalidField('departmentId', 'noSuchItem');
    }
  }

  return {
    /** GET /roles: live roles by facility, department and keyword, a page of them with their holders now. */
    async list(q: TDutyRolesQuery & { page: number; pageSize: number }) {
      const facilityIds = q.facilityId === undefined ? undefined : [q.facilityId].flat();
      const matching = (await store.matchingRoles(db, { ...q, facilityIds })).sort(byFacilityThenName);
      const rows = matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
      return {
        results: await withHolders(db, rows, Date.now()),
        page: q.page,
        pageSize: q.pageSize,
        total: matching.length,
      };
    },

    /**
     * GET /on-call: every live role of a facility with who holds it at that instant. The facility's roles
     * (sorted) and their rotations are kept per process while the roles' and the directory's versions hold:
     * what is left per call is the hand holds and shifts covering the instant, and the holders' names.
     */
    async onCall(facilityId: string, at: number) {
      const key = await store.rolesCacheKey(db);
      let known = onCallCache.get(facilityId);
      if (known?.key !== key) {
        const rows = (await store.matchingRoles(db, { facilityIds: [facilityId] })).sort(byFacilityThenName);
        const rotations = await store.rotationsOf(
          db,
          rows.map((r) => r.id),
        );
        known = { key, rows, rotations };
        // Only facilities with roles, and a bounded number: any id may be asked about.
        if (rows.length > 0) {
          if (onCallCache.size >= 1_000) onCallCache.delete(onCallCache.keys().next().value!);
          onCallCache.set(facilityId, known);
        }
      }
      return { at, roles: await withHolders(db, known.rows, at, known.rotations) };
    },

    async create(
      actor: AuthContext,
      body: { name: string; facilityId: string; departmentId?: string | null; timeZone: string },
    ): Promise<TDutyRole> {
      if (!(await store.referenceExists(db, 'facilities', body.facilityId))) {
        throw invalidField('facilityId', 'noSuchItem');
      }
      await assertFacilityAdministered(db, actor, body.facilityId);
      await checkDepartment(body.departmentId);
      const timeZone = ianaZone(body.timeZone);
      if (!timeZone) throw invalidField('timeZone', 'unknownTimeZone');
      const id = await db
        .transaction()
        .execute(async (trx) => {
          if (await store.nameTaken(trx, body.facilityId, body.name)) throw nameTaken();
          const id = await store.insertRole(trx, { ...body, timeZone, departmentId: body.departmentId ?? null });
          await writeAudit(trx, {
            userId: actor.userId,
            event: 'duty role created',
            details: { roleId: id, name: body.name, facilityId: body.facilityId },
          });
          return id;
        })
        .catch(uniqueAsTaken);
      changed({ id, facility_id: body.facilityId });
      return roleNow(db, id);
    },

    async update(actor: AuthContext, id: string, body: { name: string; departmentId?: string | null }) {
      const row = await administeredRole(db, actor, id);
      await checkDepartment(body.departmentId);
      await db
        .transaction()
        .execute(async (trx) => {
          if (await store.nameTaken(trx, row.facility_id, body.name, id)) throw nameTaken();
          await store.updateRole(trx, id, {
            name: body.name,
            departmentId: body.departmentId === undefined ? row.department_id : body.departmentId,
          });
          await writeAudit(trx, {
            userId: actor.userId,
            event: 'duty role updated',
            details: { roleId: id, from: row.name, name: body.name },
          });
        })
        .catch(uniqueAsTaken);
      changed(row);
      return roleNow(db, id);
    },

    /** Retired, not deleted: the user log keeps naming it, and its name may be used again. */
    async retire(actor: AuthContext, id: string) {
      const row = await administeredRole(db, actor, id);
      await db.transaction().execute(async (trx) => {
        // A chain to or through the role still running would lose its target: refused until it ends.
        if (await roleHasPendingChain(trx, id)) throw conflict('escalationPending', 'ESCALATION_PENDING');
        await store.retireRole(trx, id, Date.now());
        await writeAudit(trx, {
          userId: actor.userId,
          event: 'duty role retired',
          details: { roleId: id, name: row.name },
        });
      });
      changed(row);
    },
  };
}

const nameTaken = () => conflict('dutyRoleNameTaken', 'DUTY_ROLE_NAME_TAKEN');

/** Two administrators creating the same name at once: the unique index answers for the second. */
function uniqueAsTaken(error: unknown): never {
  if (error instanceof AppError) throw error;
  const text = String((error as Error)?.message ?? error);
  if (/unique|duplicate/i.test(text)) throw nameTaken();
  throw error;
}

export type DutyRolesService = ReturnType<typeof createDutyRolesService>;
