import { CHAT_TEXTS, type TMessage, type TMessageAttributes } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { fullName, toMessage } from './room-view';

export type AppendItem = {
  authorId: string | null;
  authorName: string;
  clientId: string;
  body: string;
  attributes: TMessageAttributes;
};

/**
 * Appends messages to one room in the caller's transaction: the next seqs of the room, its last message, the
 * unread counts of the members (system messages count for nobody) and each author's own read position
 * (writing in a room means having read it). A handful of statements however many messages.
 */
export async function appendMessages(
  trx: Db,
  crypto: MessageCrypto,
  roomId: string,
  items: AppendItem[],
  now: number,
): Promise<TMessage[]> {
  const ids = items.map(() => newId(now));
  const room = await trx
    .updateTable('rooms')
    .set({
      last_seq: sql`last_seq + ${items.length}`,
      last_message_id: ids.at(-1)!,
      last_message_at: now,
      updated_at: now,
    })
    .where('id', '=', roomId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const first = Number(room.last_seq) - items.length + 1;
  const messages: TMessage[] = items.map((m, i) => ({
    id: ids[i]!,
    clientId: m.clientId,
    twId: roomId,
    seq: first + i,
    body: m.body,
    timetoken: now,
    author: m.authorId,
    authorName: m.authorName,
    attributes: m.attributes,
  }));
  await trx
    .insertInto('messages')
    .values(
      messages.map((m) => ({
        id: m.id,
        room_id: roomId,
        seq: m.seq,
        client_id: m.clientId,
        author_id: m.author,
        body: crypto.seal(m.body),
        attributes: JSON.stringify(m.attributes),
        removed: 0,
        created_at: now,
      })),
    )
    .execute();
  const counted = messages.filter((m) => m.author !== null && !m.attributes.systemMessage);
  if (counted.length > 0) {
    await trx
      .updateTable('room_members')
      .set({ unread_count: sql`unread_count + ${counted.length}` })
      .where('room_id', '=', roomId)
      .execute();
    for (const author of new Set(counted.map((m) => m.author!))) {
      const last = counted.findLastIndex((m) => m.author === author);
      await trx
        .updateTable('room_members')
        .set({
          last_read_seq: counted[last]!.seq,
          unread_count: counted.slice(last + 1).filter((m) => m.author !== author).length,
        })
        .where('room_id', '=', roomId)
        .where('user_id', '=', author)
        .execute();
    }
  }
  return messages;
}

export async function appendMessage(
  trx: Db,
  crypto: MessageCrypto,
  roomId: string,
  item: AppendItem,
  now: number,
): Promise<TMessage> {
  return (await appendMessages(trx, crypto, roomId, [item], now))[0]!;
}

/** Publishes stored messages to the current members of their rooms, decided now from the database. */
export async function publishMessages(app: FastifyInstance, messages: TMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const roomIds = [...new Set(messages.map((m) => m.twId))];
  const members = new Map<string, string[]>();
  for (const r of await app.db
    .selectFrom('room_members')
    .select(['room_id', 'user_id'])
    .where('room_id', 'in', roomIds)
    .execute()) {
    const list = members.get(r.room_id) ?? [];
    list.push(r.user_id);
    members.set(r.room_id, list);
  }
  for (const m of messages) app.publish(SERVER_EVENTS.NewMessage, m, { users: members.get(m.twId) ?? [] });
}

export type SendInput = { userId: string; clientId: string; twId: string; body: string };
export type SendResult = { ok: true; message: TMessage } | { ok: false; code: string; message: string };

type Pending = { input: SendInput; resolve: (r: SendResult) => void; reject: (e: unknown) => void };

const unavailable: SendResult = {
  ok: false,
  code: 'CONVERSATION_UNAVAILABLE',
  message: CHAT_TEXTS.conversationUnavailable,
};

/**
 * SendMessage with group commit: sends that arrive while a transaction is being written wait and go together
 * in the next one, so many messages share one durable commit (synchronous FULL on SQLite) instead of each
 * paying for its own. Each is acknowledged only after that commit, then published. A resend with a client id
 * already stored is answered with the stored message and not published again.
 */
export function createMessageWriter(app: FastifyInstance, crypto: MessageCrypto) {
  let queue: Pending[] = [];
  let running = false;

  /** One transaction for the whole batch: membership, resends and state read in a few queries, then per room. */
  const writeBatch = async (trx: Db, inputs: SendInput[], now: number) => {
    const roomIds = [...new Set(inputs.map((i) => i.twId))];
    const userIds = [...new Set(inputs.map((i) => i.userId))];
    const memberships = new Map(
      (
        await trx
          .selectFrom('room_members')
          .innerJoin('rooms', 'rooms.id', 'room_members.room_id')
          .innerJoin('users', 'users.id', 'room_members.user_id')
          .select([
            'room_members.room_id',
            'room_members.user_id',
            'rooms.type',
            'rooms.archived_by',
            'users.first_name',
            'users.last_name',
          ])
          .where('room_members.room_id', 'in', roomIds)
          .where('room_members.user_id', 'in', userIds)
          .execute()
      ).map((r) => [`${r.room_id}:${r.user_id}`, r]),
    );
    const stored = new Map(
      (
        await trx
          .selectFrom('messages')
          .selectAll()
          // Both columns of the (room_id, client_id) unique index, so this is a lookup, not a scan.
          .where('room_id', 'in', roomIds)
          .where(
            'client_id',
            'in',
            inputs.map((i) => i.clientId),
          )
          .execute()
      ).map((r) => [`${r.room_id}:${r.client_id}`, r]),
    );
    const directRooms = [...memberships.values()].filter((m) => m.type === 'direct').map((m) => m.room_id);
    const closed = new Set(
      directRooms.length === 0
        ? []
        : (
            await trx
              .selectFrom('room_members')
              .innerJoin('users', 'users.id', 'room_members.user_id')
              .select('room_members.room_id')
              .where('room_members.room_id', 'in', directRooms)
              .where('users.deleted', '=', 1)
              .execute()
          ).map((r) => r.room_id),
    );

    const results: (SendResult | { pending: string })[] = [];
    const byRoom = new Map<string, (AppendItem & { key: string })[]>();
    for (const input of inputs) {
      const member = memberships.get(`${input.twId}:${input.userId}`);
      const key = `${input.twId}:${input.clientId}`;
      if (!member || member.archived_by !== null) {
        results.push(unavailable);
        continue;
      }
      const before = stored.get(key);
      if (before) {
        results.push({ ok: true, message: toMessage(before, fullName(member), crypto) });
        continue;
      }
      if (closed.has(input.twId)) {
        results.push(unavailable);
        continue;
      }
      results.push({ pending: key });
      const list = byRoom.get(input.twId) ?? [];
      // The same client id twice in one batch is one message.
      if (!list.some((m) => m.key === key)) {
        list.push({
          key,
          authorId: input.userId,
          authorName: fullName(member),
          clientId: input.clientId,
          body: input.body,
          attributes: {},
        });
      }
      byRoom.set(input.twId, list);
    }
    const fresh: TMessage[] = [];
    const made = new Map<string, TMessage>();
    for (const [roomId, items] of byRoom) {
      const messages = await appendMessages(trx, crypto, roomId, items, now);
      for (const [i, m] of messages.entries()) made.set(items[i]!.key, m);
      fresh.push(...messages);
    }
    return {
      results: results.map((r): SendResult => ('pending' in r ? { ok: true, message: made.get(r.pending)! } : r)),
      fresh,
    };
  };

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const { results, fresh } = await app.db.transaction().execute((trx) =>
          writeBatch(
            trx,
            batch.map((p) => p.input),
            Date.now(),
          ),
        );
        for (const [i, p] of batch.entries()) p.resolve(results[i]!);
        await publishMessages(app, fresh).catch((err) => app.log.warn({ err }, 'publishing messages failed'));
      } catch (err) {
        // Nothing of the batch was stored; the clients retry with the same client ids.
        for (const p of batch) p.reject(err);
      }
    }
    running = false;
  };

  return {
    send: (input: SendInput): Promise<SendResult> =>
      new Promise<SendResult>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        if (!running) setImmediate(() => void drain());
        running = true;
      }),
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
