import type { Db } from '../../db/database';

/** The SQL of the acknowledgement grid and of the delivered positions it reads. */

/** A message of the room, not removed: what the grid needs of it. */
export const gridMessage = (db: Db, roomId: string, messageId: string) =>
  db
    .selectFrom('messages')
    .select(['id', 'seq', 'author_id', 'attributes'])
    .where('id', '=', messageId)
    .where('room_id', '=', roomId)
    .where('removed', '=', 0)
    .executeTakeFirst();

/**
 * Every member of the room but the author with what the grid shows of them, in one query: their delivered and
 * read positions, when they first read up to the message (message_reads, by its primary key's range) and when
 * they acknowledged it. A group of 2,000 is one round trip, never a query per member.
 */
export async function gridRows(db: Db, roomId: string, messageId: string, seq: number, authorId: string) {
  const rows = await db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('message_reads')
          .select(['user_id', (f) => f.fn.min<number>('read_at').as('read_at')])
          .where('room_id', '=', roomId)
          .where('seq', '>=', seq)
          .groupBy('user_id')
          .as('firstRead'),
      (j) => j.onRef('firstRead.user_id', '=', 'room_members.user_id'),
    )
    .leftJoin('acknowledgements', (j) =>
      j
        .onRef('acknowledgements.user_id', '=', 'room_members.user_id')
        .on('acknowledgements.message_id', '=', messageId),
    )
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'room_members.last_read_seq',
      'room_members.delivered_seq',
      'firstRead.read_at',
      'acknowledgements.acknowledged_at',
    ])
    .where('room_members.room_id', '=', roomId)
    .where('room_members.user_id', '!=', authorId)
    .execute();
  // PostgreSQL answers bigints as strings.
  return rows.map((r) => ({
    userId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    lastReadSeq: Number(r.last_read_seq),
    deliveredSeq: Number(r.delivered_seq),
    readAt: r.read_at === null ? null : Number(r.read_at),
    acknowledgedAt: r.acknowledged_at === null ? null : Number(r.acknowledged_at),
  }));
}

export type GridRow = Awaited<ReturnType<typeof gridRows>>[number];

/** The member's devices have received the room up to seq: the position only moves forward. */
export async function markDelivered(db: Db, roomId: string, userId: string, seq: number): Promise<void> {
  await db
    .updateTable('room_members')
    .set({ delivered_seq: seq })
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .where('delivered_seq', '<', seq)
    .execute();
}
