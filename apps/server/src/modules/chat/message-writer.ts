import { CHAT_TEXTS, type TMessage, type TMessageAttributes } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { fullName } from './room-view';

export type AppendInput = {
  roomId: string;
  authorId: string | null;
  authorName: string;
  clientId: string;
  body: string;
  attributes: TMessageAttributes;
  now: number;
};

/**
 * Appends a message in the caller's transaction: next seq of the room, the room's last message, unread counts
 * of the other members (system messages count for nobody), and the author's own read position.
 */
export async function appendMessage(trx: Db, crypto: MessageCrypto, m: AppendInput): Promise<TMessage> {
  const id = newId(m.now);
  const room = await trx
    .updateTable('rooms')
    .set({ last_seq: sql`last_seq + 1`, last_message_id: id, last_message_at: m.now, updated_at: m.now })
    .where('id', '=', m.roomId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const seq = Number(room.last_seq);
  await trx
    .insertInto('messages')
    .values({
      id,
      room_id: m.roomId,
      seq,
      client_id: m.clientId,
      author_id: m.authorId,
      body: crypto.seal(m.body),
      attributes: JSON.stringify(m.attributes),
      removed: 0,
      created_at: m.now,
    })
    .execute();
  if (m.authorId !== null && !m.attributes.systemMessage) {
    await trx
      .updateTable('room_members')
      .set({ unread_count: sql`unread_count + 1` })
      .where('room_id', '=', m.roomId)
      .where('user_id', '!=', m.authorId)
      .execute();
    // Writing in a room means having read it.
    await trx
      .updateTable('room_members')
      .set({ last_read_seq: seq, unread_count: 0 })
      .where('room_id', '=', m.roomId)
      .where('user_id', '=', m.authorId)
      .execute();
  }
  return {
    id,
    clientId: m.clientId,
    twId: m.roomId,
    seq,
    body: m.body,
    timetoken: m.now,
    author: m.authorId,
    authorName: m.authorName,
    attributes: m.attributes,
  };
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

  const writeOne = async (trx: Db, input: SendInput, now: number, fresh: TMessage[]): Promise<SendResult> => {
    const room = await trx
      .selectFrom('rooms')
      .innerJoin('room_members', (j) =>
        j.onRef('room_members.room_id', '=', 'rooms.id').on('room_members.user_id', '=', input.userId),
      )
      .innerJoin('users', 'users.id', 'room_members.user_id')
      .select(['rooms.id', 'rooms.type', 'rooms.archived_by', 'users.first_name', 'users.last_name'])
      .where('rooms.id', '=', input.twId)
      .executeTakeFirst();
    if (!room || room.archived_by !== null) return unavailable;
    const existing = await trx
      .selectFrom('messages')
      .select('id')
      .where('room_id', '=', input.twId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (existing) {
      const again = fresh.find((m) => m.id === existing.id);
      if (again) return { ok: true, message: again };
      const row = await trx.selectFrom('messages').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
      return {
        ok: true,
        message: {
          id: row.id,
          clientId: row.client_id,
          twId: row.room_id,
          seq: Number(row.seq),
          body: crypto.open(row.body),
          timetoken: Number(row.created_at),
          author: row.author_id,
          authorName: fullName(room),
          attributes: JSON.parse(row.attributes),
        },
      };
    }
    if (room.type === 'direct') {
      const gone = await trx
        .selectFrom('room_members')
        .innerJoin('users', 'users.id', 'room_members.user_id')
        .select('users.id')
        .where('room_members.room_id', '=', input.twId)
        .where('users.deleted', '=', 1)
        .executeTakeFirst();
      if (gone) return unavailable;
    }
    const message = await appendMessage(trx, crypto, {
      roomId: input.twId,
      authorId: input.userId,
      authorName: fullName(room),
      clientId: input.clientId,
      body: input.body,
      attributes: {},
      now,
    });
    fresh.push(message);
    return { ok: true, message };
  };

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const fresh: TMessage[] = [];
      try {
        const results = await app.db.transaction().execute(async (trx) => {
          const out: SendResult[] = [];
          const now = Date.now();
          for (const p of batch) out.push(await writeOne(trx, p.input, now, fresh));
          return out;
        });
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
