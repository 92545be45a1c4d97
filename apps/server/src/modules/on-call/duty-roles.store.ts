import type { TDutyRotation, TDutySchedule } from '@rounds/contracts/on-call';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DutyRoleRotationsTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { namesByIds } from '../users/users.store';

/** The longest shift a schedule may hold (a week on call); the rules refuse longer ones. */
export const MAX_SHIFT_MS = 7 * 86_400_000;

/** The SQL of on-call duty roles: the roles, their hand holds, shifts and rotations. No rules here. */

export type DutyRoleRow = {
  id: string;
  name: string;
  facility_id: string;
  facility_name: string;
  department_id: string | null;
  department_name: string | null;
  time_zone: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const nameKeyOf = (name: string) => name.trim().toLowerCase();

/**
 * Moves the roles' version, in the writer's transaction: every process's GET /on-call cache of a facility's live
 * roles and rotations (duty-roles.service) reads them again. Shifts and hand holds are read per request.
 */
async function bumpRoles(db: Db) {
  await db
    .insertInto('counters')
    .values({ name: 'duty_roles', value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + 1` }))
    .execute();
}

/** What a cache of roles must match: the roles' version and the directory's (names of places and people). */
export async function rolesCacheKey(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('counters')
    .select(['name', 'value'])
    .where('name', 'in', ['duty_roles', 'directory'])
    .execute();
  const of = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return `${of('duty_roles')}:${of('directory')}`;
}

const rolesQuery = (db: Db) =>
  db
    .selectFrom('duty_roles')
    .innerJoin('facilities', 'facilities.id', 'duty_roles.facility_id')
    .leftJoin('departments', 'departments.id', 'duty_roles.department_id')
    .select([
      'duty_roles.id',
      'duty_roles.name',
      'duty_roles.facility_id',
      'facilities.name as facility_name',
      'duty_roles.department_id',
      'departments.name as department_name',
      'duty_roles.time_zone',
    ])
    .where('duty_roles.retired_at', 'is', null);

/** A live (not retired) role with its facility's and department's names. */
export async function liveRole(db: Db, id: string): Promise<DutyRoleRow | undefined> {
  return rolesQuery(db).where('duty_roles.id', '=', id).executeTakeFirst();
}

/** These live roles (retired ones left out). */
export async function liveRoles(db: Db, ids: string[]): Promise<DutyRoleRow[]> {
  if (ids.length === 0) return [];
  return rolesQuery(db).where('duty_roles.id', 'in', ids).execute();
}

/** Live roles matching a filter, the matching ones sorted by facility then name (the caller pages). */
export async function matchingRoles(
  db: Db,
  filter: { facilityIds?: string[]; departmentId?: string; keyword?: string },
): Promise<DutyRoleRow[]> {
  let q = rolesQuery(db);
  if (filter.facilityIds) {
    if (filter.facilityIds.length === 0) return [];
    q = q.where('duty_roles.facility_id', 'in', filter.facilityIds);
  }
  if (filter.departmentId) q = q.where('duty_roles.department_id', '=', filter.departmentId);
  if (filter.keyword) {
    q = q.where(sql<boolean>`duty_roles.name_key like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
  }
  return q.execute();
}

export async function nameTaken(db: Db, facilityId: string, name: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('duty_roles')
    .select('id')
    .where('facility_id', '=', facilityId)
    .where('name_key', '=', nameKeyOf(name))
    .where('retired_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRole(
  db: Db,
  r: { name: string; facilityId: string; departmentId: string | null; timeZone: string },
): Promise<string> {
  const id = newId();
  const now = Date.now();
  await db
    .insertInto('duty_roles')
    .values({
      id,
      facility_id: r.facilityId,
      department_id: r.departmentId,
      name: r.name,
      name_key: nameKeyOf(r.name),
      time_zone: r.timeZone,
      retired_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await bumpRoles(db);
  return id;
}

export async function updateRole(db: Db, id: string, r: { name: string; departmentId: string | null }) {
  await db
    .updateTable('duty_roles')
    .set({ name: r.name, name_key: nameKeyOf(r.name), department_id: r.departmentId, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
  await bumpRoles(db);
}

export async function retireRole(db: Db, id: string, at: number) {
  await db.updateTable('duty_roles').set({ retired_at: at, updated_at: at }).where('id', '=', id).execute();
  await bumpRoles(db);
  // Nobody holds a retired role by hand any more.
  await db
    .updateTable('duty_role_holds')
    .set({ ends_at: at })
    .where('role_id', '=', id)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute();
}

export async function referenceExists(db: Db, table: 'facilities' | 'departments', id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function facilitiesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_facilities').select('item_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.item_id);
}

/** A stretch of holding (a hand hold, a release, a shift): ends_at null while it lasts. */
export type Interval = { userId: string; startsAt: number; endsAt: number | null };
type Rotation = TDutyRotation;

export type HoldData = { hands: Interval[]; offs: Interval[]; shifts: Interval[]; rotations: Rotation[] };

const toRotation = (r: Omit<DutyRoleRotationsTable, 'id' | 'role_id'>): Rotation => ({
  userId: r.user_id,
  weekdays: JSON.parse(r.weekdays) as number[],
  startTime: r.start_time,
  endTime: r.end_time,
  fromDate: r.from_date,
  untilDate: r.until_date,
  exceptions: JSON.parse(r.exceptions) as string[],
});

/**
 * What decides the holders of these roles at `at`: holds and shifts covering it (by index on role and end),
 * and every rotation of the roles (evaluated in their time zone by the rules). Three queries for any number.
 */
export async function holdData(
  db: Db,
  roleIds: string[],
  at: number,
  /** The roles' rotations when the caller has them already (a cache kept by rolesCacheKey). */
  knownRotations?: Map<string, Rotation[]>,
): Promise<Map<string, HoldData>> {
  const byRole = new Map<string, HoldData>(
    roleIds.map((id) => [id, { hands: [], offs: [], shifts: [], rotations: [] }]),
  );
  if (roleIds.length === 0) return byRole;
  const [holds, shifts, rotations] = await Promise.all([
    db
      .selectFrom('duty_role_holds')
      .select(['role_id', 'user_id', 'kind', 'starts_at', 'ends_at'])
      .where('role_id', 'in', roleIds)
      .where('starts_at', '<=', at)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
      .execute(),
    db
      .selectFrom('duty_role_shifts')
      .select(['role_id', 'user_id', 'starts_at', 'ends_at'])
      .where('role_id', 'in', roleIds)
      // Shifts last at most MAX_SHIFT_MS, so only those that started within it of `at` can cover it: a short
      // walk of the (role, start) index per role however long the schedule's history.
      .where('starts_at', '>', at - MAX_SHIFT_MS)
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .execute(),
    knownRotations ? [] : db.selectFrom('duty_role_rotations').selectAll().where('role_id', 'in', roleIds).execute(),
  ]);
  for (const h of holds) {
    const interval = { userId: h.user_id, startsAt: h.starts_at, endsAt: h.ends_at };
    byRole.get(h.role_id)![h.kind === 'hand' ? 'hands' : 'offs'].push(interval);
  }
  for (const s of shifts)
    byRole.get(s.role_id)!.shifts.push({ userId: s.user_id, startsAt: s.starts_at, endsAt: s.ends_at });
  for (const r of rotations) byRole.get(r.role_id)!.rotations.push(toRotation(r));
  if (knownRotations) for (const [roleId, list] of knownRotations) byRole.get(roleId)?.rotations.push(...list);
  return byRole;
}

/** The roles' rotations, by role. */
export async function rotationsOf(db: Db, roleIds: string[]): Promise<Map<string, Rotation[]>> {
  const byRole = new Map<string, Rotation[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db.selectFrom('duty_role_rotations').selectAll().where('role_id', 'in', roleIds).execute();
  for (const r of rows) byRole.get(r.role_id)!.push(toRotation(r));
  return byRole;
}

/** Names of the people who can hold a role: live users only (a deactivated holder holds nothing). */
export async function activeNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const rows = await namesByIds(db, userIds, 'live');
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}

export async function insertHold(
  db: Db,
  h: {
    roleId: string;
    userId: string;
    kind: 'hand' | 'off';
    startsAt: number;
    endsAt: number | null;
    note?: string | null;
    by: string;
  },
) {
  await db
    .insertInto('duty_role_holds')
    .values({
      id: newId(),
      role_id: h.roleId,
      user_id: h.userId,
      kind: h.kind,
      starts_at: h.startsAt,
      ends_at: h.endsAt,
      note: h.note ?? null,
      created_by: h.by,
      created_at: Date.now(),
    })
    .execute();
}

/** Ends a person's hand holds of a role that last past `at`. */
export async function endHands(db: Db, roleId: string, userId: string, at: number) {
  await db
    .updateTable('duty_role_holds')
    .set({ ends_at: at })
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'hand')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute();
}

export async function readSchedule(db: Db, roleId: string): Promise<TDutySchedule> {
  const [shifts, rotations] = await Promise.all([
    db
      .selectFrom('duty_role_shifts')
      .select(['user_id', 'starts_at', 'ends_at'])
      .where('role_id', '=', roleId)
      .orderBy('starts_at')
      .execute(),
    db.selectFrom('duty_role_rotations').selectAll().where('role_id', '=', roleId).orderBy('id').execute(),
  ]);
  return {
    shifts: shifts.map((s) => ({ userId: s.user_id, startsAt: s.starts_at, endsAt: s.ends_at })),
    rotations: rotations.map(toRotation),
  };
}

const rotationRow = (roleId: string, r: TDutyRotation) => ({
  id: newId(),
  role_id: roleId,
  user_id: r.userId,
  weekdays: JSON.stringify([...new Set(r.weekdays)].sort()),
  start_time: r.startTime,
  end_time: r.endTime,
  from_date: r.fromDate,
  until_date: r.untilDate,
  exceptions: JSON.stringify(r.exceptions),
});

/** The role's whole schedule replaced (in the caller's transaction). */
export async function replaceSchedule(db: Db, roleId: string, schedule: TDutySchedule) {
  await bumpRoles(db);
  await db.deleteFrom('duty_role_shifts').where('role_id', '=', roleId).execute();
  await db.deleteFrom('duty_role_rotations').where('role_id', '=', roleId).execute();
  await insertShifts(
    db,
    schedule.shifts.map((s) => ({ roleId, ...s })),
  );
  if (schedule.rotations.length > 0) {
    await db
      .insertInto('duty_role_rotations')
      .values(schedule.rotations.map((r) => rotationRow(roleId, r)))
      .execute();
  }
}

export async function insertShifts(
  db: Db,
  shifts: { roleId: string; userId: string; startsAt: number; endsAt: number }[],
) {
  for (let i = 0; i < shifts.length; i += 500) {
    await db
      .insertInto('duty_role_shifts')
      .values(
        shifts.slice(i, i + 500).map((s) => ({
          id: newId(),
          role_id: s.roleId,
          user_id: s.userId,
          starts_at: s.startsAt,
          ends_at: s.endsAt,
        })),
      )
      .execute();
  }
}
