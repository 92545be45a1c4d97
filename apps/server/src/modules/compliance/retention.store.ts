import { type TRetentionPolicy, type TRetentionSweep, ZRetentionPolicy } from '@rounds/contracts/compliance';
import type { Db } from '../../db/database';
import type { RoomsTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { firstIdAt } from '../../lib/ids';
import { messageHeld } from './holds.store';

/** The policy's settings row (not one of the app settings: those are public, this is the Admins'). */
const POLICY_KEY = 'retentionPolicy';
const FOREVER: TRetentionPolicy = { defaultDays: null, rooms: {} };

export async function readPolicy(db: Db): Promise<TRetentionPolicy> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', POLICY_KEY).executeTakeFirst();
  if (!row) return FOREVER;
  const parsed = ZRetentionPolicy.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : FOREVER;
}

export async function writePolicy(db: Db, policy: TRetentionPolicy, now: number): Promise<void> {
  const row = { key: POLICY_KEY, value: JSON.stringify(policy), updated_at: now };
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}

/** The last sweep's counts, from its user-log record. */
export async function lastSweep(db: Db): Promise<TRetentionSweep | null> {
  const row = await db
    .selectFrom('audit_logs')
    .select(['details', 'created_at'])
    .where('event', '=', 'retention sweep')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const d = JSON.parse(row.details ?? '{}') as Partial<TRetentionSweep>;
  return {
    at: Number(row.created_at),
    messages: d.messages ?? 0,
    files: d.files ?? 0,
    indexEntries: d.indexEntries ?? 0,
    held: d.held ?? 0,
  };
}

/**
 * Claims this period's run of a job that must run once across processes: the first process to move `due_at`
 * past now runs it, the others find it already moved. True when this process claimed it.
 */
export async function claimDue(db: Db, name: string, now: number, everyMs: number): Promise<boolean> {
  await db
    .insertInto('job_due')
    .values({ name, due_at: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return updatedOne(
    db
      .updateTable('job_due')
      .set({ due_at: now + everyMs })
      .where('name', '=', name)
      .where('due_at', '<=', now),
  );
}

/** Makes a job due at its next check (a changed policy applies within minutes, not at the next hourly run). */
export async function makeDue(db: Db, name: string): Promise<void> {
  await db.updateTable('job_due').set({ due_at: 0 }).where('name', '=', name).execute();
}

export type SweepScope =
  /** Past retention: messages of rooms of this type written before `before`. */
  | { kind: 'expired'; roomType: RoomsTable['type']; before: number }
  /** Removed by their sender while on hold, now that no hold keeps them. */
  | { kind: 'pending' };

const scoped = (db: Db, scope: SweepScope) => {
  const q = db.selectFrom('messages as m');
  if (scope.kind === 'pending') return q.where('m.removal_pending', '=', 1);
  return (
    q
      .innerJoin('rooms as r', 'r.id', 'm.room_id')
      .where('r.type', '=', scope.roomType)
      // Ids are time-ordered: the key's range stops the scan at the cut-off instead of reading every younger row.
      .where('m.id', '<', firstIdAt(scope.before))
      .where('m.created_at', '<', scope.before)
      .where((eb) => eb.or([eb('m.removed', '=', 0), eb('m.removal_pending', '=', 1)]))
  );
};

/** The next batch to remove, oldest first, after `afterId` (a run walks forward; what a hold keeps is skipped). */
export function nextBatch(db: Db, scope: SweepScope, afterId: string, limit: number) {
  return scoped(db, scope)
    .select(['m.id', 'm.room_id', 'm.author_id', 'm.body', 'm.media', 'm.attributes', 'm.removed'])
    .where('m.id', '>', afterId)
    .where((eb) => eb.not(messageHeld))
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

/** Messages in scope that a hold keeps (the run's record says how many it left). */
export async function countHeld(db: Db, scope: SweepScope): Promise<number> {
  const row = await scoped(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(messageHeld)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Wipes the messages' bodies, attributes and files, in the caller's transaction, unless a hold came in force
 * since they were read (checked again in the statement). Returns the ids wiped.
 */
export async function wipeMessages(trx: Db, ids: readonly string[], sealedEmpty: string): Promise<string[]> {
  if (ids.length === 0) return [];
  // The hold condition reads the row as `m`; SQLite's UPDATE cannot alias its table, so it is asked apart.
  const rows = await trx
    .updateTable('messages')
    .set({ removed: 1, removal_pending: 0, body: sealedEmpty, attributes: '{}', media: null })
    .where('id', 'in', [...ids])
    .where((eb) =>
      eb.not(
        eb(
          'id',
          'in',
          eb
            .selectFrom('messages as m')
            .select('m.id')
            .where('m.id', 'in', [...ids])
            .where(messageHeld),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The stored files of these messages, their rows deleted (the files themselves are removed after commit). */
export async function takeUploads(trx: Db, messageIds: readonly string[]) {
  if (messageIds.length === 0) return [];
  return trx
    .deleteFrom('uploads')
    .where('message_id', 'in', [...messageIds])
    .returning(['key', 'thumb_key'])
    .execute();
}

/** Rooms whose last message was wiped show none; history begins at `from` in rooms retention reached. */
export async function markRooms(trx: Db, ids: readonly string[], roomIds: readonly string[], from: number | null) {
  if (ids.length === 0) return;
  await trx
    .updateTable('rooms')
    .set({ last_message_id: null })
    .where('last_message_id', 'in', [...ids])
    .execute();
  if (from === null || roomIds.length === 0) return;
  await trx
    .updateTable('rooms')
    .set({ retained_from: from })
    .where('id', 'in', [...roomIds])
    .where((eb) => eb.or([eb('retained_from', 'is', null), eb('retained_from', '<', from)]))
    .execute();
}

/** Where a room's history begins, when retention removed part of it. */
export async function retainedFrom(db: Db, roomId: string): Promise<number | null> {
  const row = await db.selectFrom('rooms').select('retained_from').where('id', '=', roomId).executeTakeFirst();
  return row?.retained_from == null ? null : Number(row.retained_from);
}
