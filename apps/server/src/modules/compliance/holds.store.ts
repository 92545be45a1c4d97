import type { THoldTarget, THoldTargetType } from '@rounds/contracts/compliance';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { LegalHoldsTable } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { containsPattern, groupNameLike, memberLike } from './room-search.store';

/**
 * A message (the row aliased `m`) is held while a hold in force names its room, its author, or a current member
 * of its room (a person's hold keeps what they said and what was said to them: docs/decisions.md "Retention and
 * legal hold").
 */
export const messageHeld = sql<SqlBool>`exists (
  select 1 from legal_holds h
  where h.released_at is null and (
    (h.target_type = 'room' and h.target_id = m.room_id)
    or (h.target_type = 'user' and (
      h.target_id = m.author_id
      or exists (select 1 from room_members hm where hm.room_id = m.room_id and hm.user_id = h.target_id)
    ))
  )
)`;

/** Whether a hold in force keeps this message (read in the transaction that would remove it). */
export async function isMessageHeld(db: Db, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages as m')
    .select(sql.lit(1).as('one'))
    .where('m.id', '=', messageId)
    .where(messageHeld)
    .executeTakeFirst();
  return row !== undefined;
}

export type HoldRow = LegalHoldsTable & {
  placed_by_first: string | null;
  placed_by_last: string | null;
  released_by_first: string | null;
  released_by_last: string | null;
};

/** Holds in force first (newest first), then released ones (last released first), with who placed and released. */
export function listHolds(db: Db, id?: string): Promise<HoldRow[]> {
  let q = db
    .selectFrom('legal_holds as h')
    .leftJoin('users as p', 'p.id', 'h.placed_by')
    .leftJoin('users as r', 'r.id', 'h.released_by')
    .selectAll('h')
    .select([
      'p.first_name as placed_by_first',
      'p.last_name as placed_by_last',
      'r.first_name as released_by_first',
      'r.last_name as released_by_last',
    ]);
  if (id !== undefined) q = q.where('h.id', '=', id);
  return q
    .orderBy(sql`case when h.released_at is null then 0 else 1 end`)
    .orderBy(sql`coalesce(h.released_at, h.placed_at)`, 'desc')
    .execute();
}

export async function insertHold(db: Db, row: LegalHoldsTable): Promise<void> {
  await db.insertInto('legal_holds').values(row).execute();
}

/** Releases a hold in force; false when there is none of that id in force. */
export async function releaseHold(db: Db, id: string, by: string, at: number): Promise<boolean> {
  return updatedOne(
    db
      .updateTable('legal_holds')
      .set({ released_by: by, released_at: at })
      .where('id', '=', id)
      .where('released_at', 'is', null),
  );
}

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** How holds show their targets: people by name and email, groups by name, direct chats by their members. */
export async function describeTargets(
  db: Db,
  targets: readonly { type: THoldTargetType; id: string }[],
): Promise<Map<string, THoldTarget>> {
  const out = new Map<string, THoldTarget>();
  const userIds = [...new Set(targets.filter((t) => t.type === 'user').map((t) => t.id))];
  const roomIds = [...new Set(targets.filter((t) => t.type === 'room').map((t) => t.id))];
  if (userIds.length > 0) {
    for (const u of await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', userIds)
      .execute()) {
      out.set(`user:${u.id}`, {
        type: 'user',
        id: u.id,
        label: fullName(u.first_name, u.last_name),
        detail: u.email ?? '',
      });
    }
  }
  if (roomIds.length > 0) {
    const rooms = await db.selectFrom('rooms').select(['id', 'type', 'name']).where('id', 'in', roomIds).execute();
    const members = await db
      .selectFrom('room_members')
      .innerJoin('users', 'users.id', 'room_members.user_id')
      .select(['room_members.room_id', 'users.first_name', 'users.last_name'])
      .where(
        'room_members.room_id',
        'in',
        rooms
          .filter((r) => r.type === 'direct')
          .map((r) => r.id)
          .concat(['-']),
      )
      .orderBy('users.last_name')
      .execute();
    for (const r of rooms) {
      const names = members.filter((m) => m.room_id === r.id).map((m) => fullName(m.first_name, m.last_name));
      out.set(`room:${r.id}`, {
        type: 'room',
        id: r.id,
        label: r.type === 'direct' ? names.join(' · ') : (r.name ?? ''),
        detail: r.type,
      });
    }
  }
  return out;
}

/** Up to `limit` people (by name or email) or rooms (groups by name, direct chats by a member) matching q. */
export async function findTargets(db: Db, type: THoldTargetType, q: string, limit: number) {
  const like = containsPattern(q);
  if (type === 'user') {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('deleted', '=', 0)
      .where(sql<boolean>`search_key like ${like} escape '\\'`)
      .orderBy('last_name')
      .orderBy('first_name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ type, id: r.id }));
  }
  const rows = await db
    .selectFrom('rooms')
    .select('id')
    .where((eb) => eb.or([groupNameLike(eb, like), eb.and([eb('type', '=', 'direct'), memberLike(eb, like)])]))
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ type, id: r.id }));
}

/** Whether the person or room exists (a deleted person can still be held: their messages remain). */
export async function targetExists(db: Db, type: THoldTargetType, id: string): Promise<boolean> {
  const row =
    type === 'user'
      ? await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('rooms').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
