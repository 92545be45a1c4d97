import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BreakGlassGrantsTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { containsPattern, groupNameLike, memberLike } from './room-search.store';

/**
 * Break-glass grants as stored (issue 27). A grant is live while it is not ended and `now` is before its expiry:
 * asked on every read with the reader's clock, never swept by a timer.
 */

const live = (db: Db, adminId: string, now: number) =>
  db
    .selectFrom('break_glass_grants')
    .selectAll()
    .where('admin_id', '=', adminId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now);

export function liveGrant(db: Db, adminId: string, roomId: string, now: number) {
  return live(db, adminId, now).where('room_id', '=', roomId).orderBy('expires_at', 'desc').executeTakeFirst();
}

export async function liveGrants(db: Db, adminId: string, roomIds: string[], now: number) {
  if (roomIds.length === 0) return [];
  return live(db, adminId, now).where('room_id', 'in', roomIds).execute();
}

export async function insertGrant(db: Db, row: BreakGlassGrantsTable): Promise<void> {
  await db.insertInto('break_glass_grants').values(row).execute();
}

/** Ends a live grant early; false when it was no longer live. */
export async function endGrant(db: Db, id: string, now: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('break_glass_grants')
      .set({ ended_at: now })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now),
  );
}

/**
 * A page of rooms (groups and direct chats) whose group name, or one of whose members' name or email, matches q;
 * most recently active first. With the total, for the pager.
 */
export async function findRooms(db: Db, q: string, page: number, pageSize: number) {
  const like = containsPattern(q);
  const matching = db
    .selectFrom('rooms')
    .where((eb) => (q === '' ? sql<SqlBool>`1 = 1` : eb.or([groupNameLike(eb, like), memberLike(eb, like)])));
  const [rows, total] = await Promise.all([
    matching
      .select(['id', 'type', 'last_message_at'])
      .orderBy(sql`coalesce(last_message_at, created_at)`, 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many people are in each room. */
export async function memberCounts(db: Db, roomIds: string[]): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('room_members')
    .select(['room_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('room_id', 'in', roomIds)
    .groupBy('room_id')
    .execute();
  return new Map(rows.map((r) => [r.room_id, Number(r.n)]));
}

export function roomExists(db: Db, roomId: string) {
  return db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst();
}
