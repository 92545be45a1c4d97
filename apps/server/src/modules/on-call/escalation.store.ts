import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { EscalationChainsTable, EscalationJobsTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { newId } from '../../lib/ids';
import { MAX_SHIFT_MS } from './duty-roles.store';

/** The SQL of escalation policies and chains (issue 25). No rules here. */

/** A policy's step as stored: after N minutes, a role or a person. */
export type PolicyStep = { afterMinutes: number; targetRoleId: string | null; targetUserId: string | null };

export type ChainRow = EscalationChainsTable;
export type JobRow = EscalationJobsTable;

export async function readPolicy(db: Db, roleId: string) {
  const policy = await db
    .selectFrom('escalation_policies')
    .selectAll()
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  if (!policy) return undefined;
  const steps = await db
    .selectFrom('escalation_policy_steps')
    .selectAll()
    .where('role_id', '=', roleId)
    .orderBy('position')
    .execute();
  return {
    finalAfterMinutes: policy.final_after_minutes,
    steps: steps.map(
      (s): PolicyStep => ({
        afterMinutes: s.after_minutes,
        targetRoleId: s.target_role_id,
        targetUserId: s.target_user_id,
      }),
    ),
  };
}

/** The role's policy replaced (in the caller's transaction); no steps and no final: none. */
export async function replacePolicy(
  db: Db,
  roleId: string,
  policy: { steps: PolicyStep[]; finalAfterMinutes: number },
  by: string,
  now: number,
) {
  await db.deleteFrom('escalation_policy_steps').where('role_id', '=', roleId).execute();
  await db.deleteFrom('escalation_policies').where('role_id', '=', roleId).execute();
  await db
    .insertInto('escalation_policies')
    .values({ role_id: roleId, final_after_minutes: policy.finalAfterMinutes, updated_by: by, updated_at: now })
    .execute();
  if (policy.steps.length === 0) return;
  await db
    .insertInto('escalation_policy_steps')
    .values(
      policy.steps.map((s, i) => ({
        role_id: roleId,
        position: i,
        after_minutes: s.afterMinutes,
        target_role_id: s.targetRoleId,
        target_user_id: s.targetUserId,
      })),
    )
    .execute();
}

/** Every role target of every saved policy, for the loop check: a small table read whole. */
export async function roleTargets(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('escalation_policy_steps')
    .select(['role_id', 'target_role_id'])
    .where('target_role_id', 'is not', null)
    .execute();
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.role_id, [...(map.get(r.role_id) ?? []), r.target_role_id!]);
  return map;
}

/** A role policy's first step: whom its escalation goes to first. */
export async function firstStep(db: Db, roleId: string) {
  return db
    .selectFrom('escalation_policy_steps')
    .select(['target_role_id as targetRoleId', 'target_user_id as targetUserId'])
    .where('role_id', '=', roleId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
}

/** The duty role a room speaks for (rooms.duty_role_id), if any and still live. */
export async function roomRole(db: Db, roomId: string): Promise<string | null> {
  const row = await db
    .selectFrom('rooms')
    .innerJoin('duty_roles', 'duty_roles.id', 'rooms.duty_role_id')
    .select('duty_roles.id')
    .where('rooms.id', '=', roomId)
    .where('duty_roles.retired_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Links a room to the role it speaks for (the role conversation sets this; tests and seeding too). */
export async function setRoomRole(db: Db, roomId: string, roleId: string | null) {
  await db.updateTable('rooms').set({ duty_role_id: roleId }).where('id', '=', roomId).execute();
}

export async function insertChain(db: Db, chain: ChainRow, jobs: Omit<JobRow, 'id' | 'chain_id'>[]) {
  await db.insertInto('escalation_chains').values(chain).execute();
  if (jobs.length === 0) return;
  await db
    .insertInto('escalation_jobs')
    .values(jobs.map((j) => ({ ...j, id: newId(chain.started_at), chain_id: chain.id })))
    .execute();
}

/** Steps due by `now` still pending, oldest first. */
export async function dueJobs(db: Db, now: number, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('escalation_jobs')
    .selectAll()
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** Claims a pending step for this transaction: true for exactly one process. */
export async function claimJob(db: Db, id: string, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('escalation_jobs')
      .set({ status: 'fired', fired_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending'),
  );
}

export async function chainById(db: Db, id: string) {
  return db.selectFrom('escalation_chains').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function chainOfMessage(db: Db, messageId: string) {
  return db.selectFrom('escalation_chains').selectAll().where('message_id', '=', messageId).executeTakeFirst();
}

/** Ends a running chain and cancels its pending steps; false when it had already ended. */
export async function endChain(db: Db, chainId: string, outcome: 'acknowledged' | 'unanswered', now: number) {
  const r = await db
    .updateTable('escalation_chains')
    .set({ outcome, ended_at: now })
    .where('id', '=', chainId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('escalation_jobs')
    .set({ status: 'cancelled' })
    .where('chain_id', '=', chainId)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/** The chain's next pending step falls due now (the one fired reached nobody). */
export async function bringNextForward(db: Db, chainId: string, now: number) {
  const next = await db
    .selectFrom('escalation_jobs')
    .select(['id', 'due_at'])
    .where('chain_id', '=', chainId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  if (next && next.due_at > now) {
    await db.updateTable('escalation_jobs').set({ due_at: now }).where('id', '=', next.id).execute();
  }
}

export async function insertEvent(db: Db, chainId: string, kind: string, at: number, data: unknown) {
  await db
    .insertInto('escalation_events')
    .values({ id: newId(at), chain_id: chainId, kind, at, data: JSON.stringify(data) })
    .execute();
}

export async function chainEvents(db: Db, chainId: string) {
  const rows = await db
    .selectFrom('escalation_events')
    .select(['kind', 'at', 'data'])
    .where('chain_id', '=', chainId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ kind: r.kind, at: Number(r.at), data: JSON.parse(r.data) as unknown }));
}

/** A chain still runs for the role: an URGENT message to it, or a pending step that alerts it. */
export async function roleHasPendingChain(db: Db, roleId: string): Promise<boolean> {
  const own = await db
    .selectFrom('escalation_chains')
    .select('id')
    .where('role_id', '=', roleId)
    .where('ended_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (own) return true;
  const target = await db
    .selectFrom('escalation_jobs')
    .select('id')
    .where('target_role_id', '=', roleId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return target !== undefined;
}

/** Roles a person may hold now by hand, shift or rotation (the rules decide which they do hold). */
export async function rolesPossiblyHeldBy(db: Db, userId: string, at: number): Promise<string[]> {
  const [hands, shifts, rotations] = await Promise.all([
    db
      .selectFrom('duty_role_holds')
      .select('role_id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'hand')
      .where('starts_at', '<=', at)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
      .execute(),
    db
      .selectFrom('duty_role_shifts')
      .select('role_id')
      .where('user_id', '=', userId)
      .where('starts_at', '>', at - MAX_SHIFT_MS)
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .execute(),
    db.selectFrom('duty_role_rotations').select('role_id').where('user_id', '=', userId).execute(),
  ]);
  return [...new Set([...hands, ...shifts, ...rotations].map((r) => r.role_id))];
}

/** The Admins and the FacilityAdmins of a facility, active: who is told a role fell to its target. */
export async function facilityAdmins(db: Db, facilityId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.active', '=', 1)
    .where('users.deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('users.role', '=', 'Admin'),
        eb.and([
          eb('users.role', '=', 'FacilityAdmin'),
          eb.exists(
            eb
              .selectFrom('user_facilities')
              .select(sql`1`.as('one'))
              .whereRef('user_facilities.user_id', '=', 'users.id')
              .where('user_facilities.item_id', '=', facilityId),
          ),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** A duty role's name, retired or not: a policy's step names its target. */
export async function roleName(db: Db, roleId: string): Promise<string | undefined> {
  return (await db.selectFrom('duty_roles').select('name').where('id', '=', roleId).executeTakeFirst())?.name;
}

/** A chain's room's owner, who may read its timeline. */
export function roomOwner(db: Db, roomId: string) {
  return db.selectFrom('rooms').select('owner_id').where('id', '=', roomId).executeTakeFirst();
}

/** A message's attributes: its URGENT reminders, on the timeline. */
export function messageAttributes(db: Db, messageId: string) {
  return db.selectFrom('messages').select('attributes').where('id', '=', messageId).executeTakeFirst();
}
