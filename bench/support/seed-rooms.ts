import type { Db } from '../../apps/server/src/db/database';
import { newId } from '../../apps/server/src/lib/ids';

/** A room a benchmark needs: its members (the first is a group's owner) and how many messages of history. */
export type TSeedRoom = { type: 'direct' | 'group'; members: string[]; name?: string; messages?: number };

/**
 * Rooms with their members and history, written straight into the database: rooms and members 500 rows a
 * statement, messages 2,000 rows a transaction, generated a batch at a time (a million stays in little memory).
 * Authors take turns among the members, one message a second before `now`; every member has read it all.
 * `bodies` are sealed already (lib/message-crypto) and reused in turn: sealing each would only slow seeding.
 * Returns the rooms' ids, in order.
 */
export async function seedRooms(db: Db, rooms: TSeedRoom[], bodies: string[]): Promise<string[]> {
  const now = Date.now();
  const oldest = now - Math.max(0, ...rooms.map((r) => r.messages ?? 0)) * 1_000 - 60_000;
  const at = (seq: number) => oldest + seq * 1_000;
  const seeded = rooms.map((r, k) => {
    const count = r.messages ?? 0;
    return {
      ...r,
      count,
      id: newId(oldest - rooms.length + k),
      lastId: count > 0 ? newId(at(count)) : null,
    };
  });
  for (let start = 0; start < seeded.length; start += 500) {
    const batch = seeded.slice(start, start + 500);
    await db
      .insertInto('rooms')
      .values(
        batch.map((r) => ({
          id: r.id,
          type: r.type,
          name: r.name ?? null,
          name_key: r.name === undefined ? null : r.name.trim().toLowerCase(),
          direct_key: r.type === 'direct' ? [...r.members].sort().join(':') : null,
          owner_id: r.type === 'group' ? r.members[0]! : null,
          archived_by: null,
          last_seq: r.count,
          last_message_id: r.lastId,
          last_message_at: r.count > 0 ? at(r.count) : null,
          created_at: oldest,
          updated_at: oldest,
        })),
      )
      .execute();
  }
  const members = seeded.flatMap((r) =>
    r.members.map((user_id) => ({
      room_id: r.id,
      user_id,
      joined_at: oldest,
      is_favorite: 0,
      muted: 0,
      last_read_seq: r.count,
      unread_count: 0,
    })),
  );
  for (let start = 0; start < members.length; start += 500) {
    await db
      .insertInto('room_members')
      .values(members.slice(start, start + 500))
      .execute();
  }
  let batch: {
    id: string;
    room_id: string;
    seq: number;
    client_id: string;
    author_id: string;
    body: string;
    attributes: string;
    removed: number;
    created_at: number;
    media: null;
  }[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    if (rows.length > 0) await db.transaction().execute((trx) => trx.insertInto('messages').values(rows).execute());
  };
  for (const r of seeded) {
    for (let seq = 1; seq <= r.count; seq += 1) {
      batch.push({
        id: seq === r.count ? r.lastId! : newId(at(seq)),
        room_id: r.id,
        seq,
        client_id: `seed-${seq}`,
        author_id: r.members[seq % r.members.length]!,
        body: bodies[seq % bodies.length]!,
        attributes: '{}',
        removed: 0,
        created_at: at(seq),
        media: null,
      });
      if (batch.length === 2_000) await flush();
    }
  }
  await flush();
  return seeded.map((r) => r.id);
}
