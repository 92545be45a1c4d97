import { missedCallFor, type TMessage, type TMessageAttributes } from '@rounds/contracts/chat';
import { ZMessageFile, ZMessageVoice } from '@rounds/contracts/chat-files';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, Engine } from '../../db/database';
import type { MessagesTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { activeMembersOf } from './rooms.store';

/** A stored message as the search index reads it: the row's columns, the body sealed. */

/** What the media column holds. */
export const ZMedia = z.object({
  files: z.array(ZMessageFile).default([]),
  voice: ZMessageVoice.nullable().default(null),
});
export type TMedia = z.infer<typeof ZMedia>;

export type StoredMessage = Pick<MessagesTable, 'id' | 'room_id' | 'author_id' | 'body' | 'media'> & {
  attributes?: string;
};

export type AppendItem = {
  authorId: string | null;
  authorName: string;
  clientId: string;
  body: string;
  attributes: TMessageAttributes;
  media?: TMedia;
  /** The duty role a holder writes as in its room (issue 25). */
  asRole?: string | null;
};

/**
 * Appends messages to rooms in the caller's transaction: the next seqs of each room, its last message, the
 * unread counts of the members (system messages count for nobody but those who missed a call) and each author's own read position
 * (writing in a room means having read it). Four statements however many messages and rooms: on the send
 * path the database's time per statement, not per row, is what limits throughput.
 */
export async function appendToRooms(
  trx: Db,
  crypto: MessageCrypto,
  groups: Map<string, AppendItem[]>,
  now: number,
): Promise<Map<string, TMessage[]>> {
  const rooms = [...groups.keys()];
  const ids = new Map(rooms.map((r) => [r, groups.get(r)!.map(() => newId(now))]));
  const byRoom = <T>(values: (r: string) => unknown, cast: 'integer' | 'text') =>
    sql<T>`case id ${sql.join(
      rooms.map((r) => sql`when ${r} then cast(${values(r)} as ${sql.raw(cast)})`),
      sql` `,
    )} end`;
  const updated = await trx
    .updateTable('rooms')
    .set({
      last_seq: sql<number>`last_seq + ${byRoom<number>((r) => groups.get(r)!.length, 'integer')}`,
      last_message_id: byRoom<string>((r) => ids.get(r)!.at(-1), 'text'),
      last_message_at: now,
      updated_at: now,
    })
    .where('id', 'in', rooms)
    .returning(['id', 'last_seq'])
    .execute();
  const lastSeq = new Map(updated.map((r) => [r.id, Number(r.last_seq)]));
  const made = new Map<string, TMessage[]>();
  for (const [roomId, items] of groups) {
    const first = lastSeq.get(roomId)! - items.length + 1;
    made.set(
      roomId,
      items.map((m, i) => ({
        id: ids.get(roomId)![i]!,
        clientId: m.clientId,
        twId: roomId,
        seq: first + i,
        body: m.body,
        timetoken: now,
        author: m.authorId,
        authorName: m.authorName,
        attributes: m.attributes,
        files: m.media?.files ?? [],
        voice: m.media?.voice ?? null,
        ...(m.asRole ? { asRole: m.asRole } : {}),
      })),
    );
  }
  const all = [...made.values()].flat();
  await trx
    .insertInto('messages')
    .values(
      all.map((m) => ({
        id: m.id,
        room_id: m.twId,
        seq: m.seq,
        client_id: m.clientId,
        author_id: m.author,
        body: crypto.seal(m.body),
        attributes: JSON.stringify(m.attributes),
        removed: 0,
        created_at: now,
        media: m.files.length > 0 || m.voice ? JSON.stringify({ files: m.files, voice: m.voice }) : null,
        as_role: m.asRole ?? null,
      })),
    )
    .execute();
  // Sent files become readable by the room's members (and no longer withdrawable by their uploader).
  for (const m of all) {
    const keys = [...m.files.map((f) => f.key), ...(m.voice ? [m.voice.key] : [])];
    if (keys.length === 0) continue;
    await trx.updateTable('uploads').set({ room_id: m.twId, message_id: m.id }).where('key', 'in', keys).execute();
  }

  // A missed call is unread for those who missed it (issue 9: Recent shows missed calls like unread messages).
  for (const m of all) {
    const missed = m.attributes.event?.data.users.filter((u) => missedCallFor(m.attributes, u.id)) ?? [];
    if (missed.length === 0) continue;
    await trx
      .updateTable('room_members')
      .set({ unread_count: sql`unread_count + 1` })
      .where('room_id', '=', m.twId)
      .where(
        'user_id',
        'in',
        missed.map((u) => u.id),
      )
      .execute();
  }

  // Unread: every member of a room gains the room's counted messages; then each author's own row is set to
  // read up to their last message, with what others wrote after it still unread.
  const counted = new Map(
    [...made].map(([r, list]) => [r, list.filter((m) => m.author !== null && !m.attributes.systemMessage)] as const),
  );
  const countedRooms = rooms.filter((r) => counted.get(r)!.length > 0);
  if (countedRooms.length === 0) return made;
  await trx
    .updateTable('room_members')
    .set({
      unread_count: sql`unread_count + case room_id ${sql.join(
        countedRooms.map((r) => sql`when ${r} then cast(${counted.get(r)!.length} as integer)`),
        sql` `,
      )} end`,
    })
    .where('room_id', 'in', countedRooms)
    .execute();
  const reads: { room: string; user: string; seq: number; unread: number }[] = [];
  for (const r of countedRooms) {
    const list = counted.get(r)!;
    for (const author of new Set(list.map((m) => m.author!))) {
      const last = list.findLastIndex((m) => m.author === author);
      reads.push({
        room: r,
        user: author,
        seq: list[last]!.seq,
        unread: list.slice(last + 1).filter((m) => m.author !== author).length,
      });
    }
  }
  const pick = (value: (x: (typeof reads)[number]) => number, otherwise: 'last_read_seq' | 'unread_count') =>
    sql<number>`case ${sql.join(
      reads.map((x) => sql`when room_id = ${x.room} and user_id = ${x.user} then cast(${value(x)} as integer)`),
      sql` `,
    )} else ${sql.ref(otherwise)} end`;
  await trx
    .updateTable('room_members')
    .set({ last_read_seq: pick((x) => x.seq, 'last_read_seq'), unread_count: pick((x) => x.unread, 'unread_count') })
    .where('room_id', 'in', [...new Set(reads.map((x) => x.room))])
    .where('user_id', 'in', [...new Set(reads.map((x) => x.user))])
    .execute();
  return made;
}

export async function appendMessage(
  trx: Db,
  crypto: MessageCrypto,
  roomId: string,
  item: AppendItem,
  now: number,
): Promise<TMessage> {
  return (await appendToRooms(trx, crypto, new Map([[roomId, [item]]]), now)).get(roomId)![0]!;
}

/**
 * Publishes stored messages to the current members of their rooms, decided now from the database. A member
 * deactivated or deleted gets no message text even before their sockets are closed (realtime/socket-authority).
 */
export async function publishMessages(
  // The one publish helper (realtime/publish), as a store may name it: the one event it sends.
  {
    db,
    publish,
  }: { db: Db; publish: (event: typeof SERVER_EVENTS.NewMessage, m: TMessage, to: { users: string[] }) => void },
  messages: TMessage[],
  /** The rooms' active members when the caller has just read them. */
  known?: Map<string, string[]>,
): Promise<void> {
  if (messages.length === 0) return;
  const roomIds = [...new Set(messages.map((m) => m.twId))];
  const members = known ?? (await activeMembersOf(db, roomIds));
  for (const m of messages) publish(SERVER_EVENTS.NewMessage, m, { users: members.get(m.twId) ?? [] });
}

/**
 * A message's row (not removed) with its author's names, locked for the transaction. Every writer of a
 * message's attributes JSON rewrites it from what it read, so on PostgreSQL two acknowledgements at the same
 * instant would otherwise each write their own list and one would be lost. (SQLite transactions begin IMMEDIATE
 * and so already run one at a time.) `roomId` keeps the read inside the room the caller is a member of.
 */
export async function lockedMessageRow(trx: Db, engine: Engine, messageId: string, roomId?: string) {
  return trx
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.author_id')
    .selectAll('messages')
    .select(['users.first_name', 'users.last_name'])
    .where('messages.id', '=', messageId)
    .$if(roomId !== undefined, (q) => q.where('messages.room_id', '=', roomId!))
    .where('messages.removed', '=', 0)
    .$if(engine === 'postgres', (q) => q.forUpdate('messages'))
    .executeTakeFirst();
}

/** The messages already stored under these client ids in these rooms: the resends of a batch. */
export function messagesByClientIds(db: Db, roomIds: string[], clientIds: string[]) {
  return (
    db
      .selectFrom('messages')
      .selectAll()
      // Both columns of the (room_id, client_id) unique index, so this is a lookup, not a scan.
      .where('room_id', 'in', roomIds)
      .where('client_id', 'in', clientIds)
      .execute()
  );
}

/** A message of the room, not removed: what its sender may remove or ask who has read. */
export function liveMessageInRoom(db: Db, roomId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'room_id', 'seq', 'author_id', 'attributes', 'body', 'media'])
    .where('id', '=', messageId)
    .where('room_id', '=', roomId)
    .where('removed', '=', 0)
    .executeTakeFirst();
}

/** A room's messages, not removed, with their authors' names: one query, the hot read of the app. */
const historyQuery = (db: Db, roomId: string) =>
  db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.author_id')
    .selectAll('messages')
    .select(['users.first_name', 'users.last_name'])
    .where('messages.room_id', '=', roomId)
    .where('messages.removed', '=', 0);

export type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>[number];

/** Up to `limit` of a room's messages after seq `after`, oldest first. */
export function historyAfter(db: Db, roomId: string, after: number, limit: number): Promise<HistoryRow[]> {
  return historyQuery(db, roomId)
    .where('messages.seq', '>', after)
    .orderBy('messages.seq', 'asc')
    .limit(limit)
    .execute();
}

/** Where a backward page of history ends: up to a seq (included) or before one. */
export type HistoryBound = { upTo: number } | { before: number };

/** Up to `limit` of a room's messages, newest first, from `bound` or from the newest. */
export function historyBackward(
  db: Db,
  roomId: string,
  bound: HistoryBound | undefined,
  limit: number,
): Promise<HistoryRow[]> {
  let q = historyQuery(db, roomId);
  if (bound && 'upTo' in bound) q = q.where('messages.seq', '<=', bound.upTo);
  else if (bound) q = q.where('messages.seq', '<', bound.before);
  return q.orderBy('messages.seq', 'desc').limit(limit).execute();
}

/** A message's seq in its room, removed or not. */
export function messageSeq(db: Db, roomId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .select('seq')
    .where('id', '=', messageId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

/** A removed message: under legal hold hidden but kept (the retention sweep finishes it), otherwise emptied. */
export async function markRemoved(trx: Db, crypto: MessageCrypto, messageId: string, held: boolean): Promise<void> {
  await trx
    .updateTable('messages')
    .set(
      held ? { removed: 1, removal_pending: 1 } : { removed: 1, body: crypto.seal(''), attributes: '{}', media: null },
    )
    .where('id', '=', messageId)
    .execute();
}

/** A room's last message not removed, if any. */
export function lastLiveMessage(db: Db, roomId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('room_id', '=', roomId)
    .where('removed', '=', 0)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many messages after seq `after`, not removed, other people wrote: unread for `userId`. */
export function othersMessagesAfter(db: Db, roomId: string, after: number, userId: string) {
  return db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .where('seq', '>', after)
    .where('removed', '=', 0)
    .where('author_id', 'is not', null)
    .where('author_id', '!=', userId)
    .executeTakeFirstOrThrow();
}

/** The missed-call lines after seq `after`, not removed: whose call each was missed by is in its attributes. */
export function callsMissedAfter(db: Db, roomId: string, after: number) {
  return db
    .selectFrom('messages')
    .select('attributes')
    .where('room_id', '=', roomId)
    .where('seq', '>', after)
    .where('removed', '=', 0)
    .where('author_id', 'is', null)
    .where('attributes', 'like', '%callMissed%')
    .execute();
}

/** A member read the room up to seq `seq` at `now`; the same read twice is kept once. */
export async function insertRead(trx: Db, roomId: string, userId: string, seq: number, now: number): Promise<void> {
  await trx
    .insertInto('message_reads')
    .values({ room_id: roomId, user_id: userId, seq, read_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Who other than `userId` has read the room up to seq `seq` or further, and first when. */
export function readersSince(db: Db, roomId: string, seq: number, userId: string) {
  return db
    .selectFrom('message_reads')
    .innerJoin('users', 'users.id', 'message_reads.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      (eb) => eb.fn.min<number>('message_reads.read_at').as('at'),
    ])
    .where('message_reads.room_id', '=', roomId)
    .where('message_reads.seq', '>=', seq)
    .where('message_reads.user_id', '!=', userId)
    .groupBy(['users.id', 'users.first_name', 'users.last_name'])
    .orderBy('at')
    .execute();
}
