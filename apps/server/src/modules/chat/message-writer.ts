import { CHAT_TEXTS, type TMessage, type TMessageAttributes, type TPriorityOptions } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { parsePermissions } from '../accounts/user-view';
import { priorityAttributes, recordPriority, wantsPriority } from './priority.service';
import { fullName, type TMedia, toMessage } from './room-view';

export type AppendItem = {
  authorId: string | null;
  authorName: string;
  clientId: string;
  body: string;
  attributes: TMessageAttributes;
  media?: TMedia;
};

/**
 * Appends messages to rooms in the caller's transaction: the next seqs of each room, its last message, the
 * unread counts of the members (system messages count for nobody) and each author's own read position
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
      })),
    )
    .execute();
  // Sent files become readable by the room's members (and no longer withdrawable by their uploader).
  for (const m of all) {
    const keys = [...m.files.map((f) => f.key), ...(m.voice ? [m.voice.key] : [])];
    if (keys.length === 0) continue;
    await trx.updateTable('uploads').set({ room_id: m.twId, message_id: m.id }).where('key', 'in', keys).execute();
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
export async function publishMessages(app: FastifyInstance, messages: TMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const roomIds = [...new Set(messages.map((m) => m.twId))];
  const members = new Map<string, string[]>();
  for (const r of await app.db
    .selectFrom('room_members')
    .innerJoin('users', 'users.id', 'room_members.user_id')
    .select(['room_members.room_id as room_id', 'room_members.user_id as user_id'])
    .where('room_members.room_id', 'in', roomIds)
    .where('users.active', '=', 1)
    .where('users.deleted', '=', 0)
    .execute()) {
    const list = members.get(r.room_id) ?? [];
    list.push(r.user_id);
    members.set(r.room_id, list);
  }
  for (const m of messages) app.publish(SERVER_EVENTS.NewMessage, m, { users: members.get(m.twId) ?? [] });
}

export type SendInput = {
  userId: string;
  clientId: string;
  twId: string;
  body: string;
  files?: string[];
  voice?: { key: string; duration: number };
} & TPriorityOptions;
export type SendResult = { ok: true; message: TMessage } | { ok: false; code: string; message: string };

/** Most sends written in one transaction. */
const MAX_BATCH = 256;

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
  const escalateAfterMs = app.config.URGENT_ESCALATION_SECONDS * 1000;
  const queue: Pending[] = [];
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
          // A socket opened before its user was deactivated or deleted sends nothing more.
          .where('users.active', '=', 1)
          .where('users.deleted', '=', 0)
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

    const keys = inputs.flatMap((i) => [...(i.files ?? []), ...(i.voice ? [i.voice.key] : [])]);
    const uploads = new Map(
      keys.length === 0
        ? []
        : (await trx.selectFrom('uploads').selectAll().where('key', 'in', keys).execute()).map((u) => [u.key, u]),
    );
    const claimed = new Set<string>();
    /**
     * The message's files and voice, if every key is the sender's own, of the right kind, not sent yet and not
     * taken by another message of this batch.
     */
    const mediaOf = (input: SendInput): TMedia | null => {
      const own = (key: string, kind: 'image' | 'voice') => {
        const u = uploads.get(key);
        const ok = u && u.uploader_id === input.userId && u.room_id === null && u.kind === kind && !claimed.has(key);
        return ok ? u : null;
      };
      const files = (input.files ?? []).map((key) => own(key, 'image'));
      const voice = input.voice ? own(input.voice.key, 'voice') : undefined;
      if (files.some((f) => f === null) || voice === null) return null;
      for (const f of files) claimed.add(f!.key);
      if (voice) claimed.add(voice.key);
      return {
        files: files.map((f) => ({ id: f!.key, key: f!.key, name: f!.name, type: f!.type, size: Number(f!.size) })),
        voice: voice && input.voice ? { key: voice.key, duration: input.voice.duration } : null,
      };
    };

    // Priority sends need the rooms' members (whom to notify) and the senders' permissions (SMS).
    const urgentRooms = [...new Set(inputs.filter(wantsPriority).map((i) => i.twId))];
    const roomMembers = new Map<string, string[]>();
    const smsAllowed = new Map<string, boolean>();
    if (urgentRooms.length > 0) {
      for (const r of await trx
        .selectFrom('room_members')
        .select(['room_id', 'user_id'])
        .where('room_id', 'in', urgentRooms)
        .execute()) {
        roomMembers.set(r.room_id, [...(roomMembers.get(r.room_id) ?? []), r.user_id]);
      }
      const senders = [...new Set(inputs.filter(wantsPriority).map((i) => i.userId))];
      for (const u of await trx
        .selectFrom('users')
        .select(['id', 'permissions'])
        .where('id', 'in', senders)
        .execute()) {
        smsAllowed.set(u.id, parsePermissions(u.permissions).sms !== false);
      }
    }

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
      const list = byRoom.get(input.twId) ?? [];
      // The same client id twice in one batch is one message.
      if (list.some((m) => m.key === key)) {
        results.push({ pending: key });
        continue;
      }
      const media = mediaOf(input);
      if (!media) {
        results.push({ ok: false, code: 'FILE_NOT_FOUND', message: CHAT_FILE_TEXTS.notUploaded });
        continue;
      }
      const attributes = wantsPriority(input)
        ? priorityAttributes(
            input,
            input.userId,
            roomMembers.get(input.twId) ?? [],
            smsAllowed.get(input.userId) ?? false,
          )
        : {};
      if (attributes instanceof AppError) {
        results.push({ ok: false, code: attributes.code, message: attributes.message });
        continue;
      }
      results.push({ pending: key });
      list.push({
        key,
        authorId: input.userId,
        authorName: fullName(member),
        clientId: input.clientId,
        body: input.body,
        attributes,
        media,
      });
      byRoom.set(input.twId, list);
    }
    const made = new Map<string, TMessage>();
    const fresh: TMessage[] = [];
    let queued = 0;
    if (byRoom.size > 0) {
      for (const [roomId, messages] of await appendToRooms(trx, crypto, byRoom, now)) {
        const items = byRoom.get(roomId)!;
        for (const [i, m] of messages.entries()) made.set(items[i]!.key, m);
        fresh.push(...messages);
      }
    }
    // Their SMS are queued in this transaction and sent by the notification worker: delivery never waits
    // for an SMS provider, and a crash after commit loses none.
    for (const m of fresh) {
      if (m.attributes.important) queued += await recordPriority(app, trx, m, now, escalateAfterMs);
    }
    return {
      results: results.map((r): SendResult => ('pending' in r ? { ok: true, message: made.get(r.pending)! } : r)),
      fresh,
      queued,
    };
  };

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      // Bounded, so a burst never builds a statement past the engines' parameter limits (SQLite 32,766).
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const started = performance.now();
        const { results, fresh, queued } = await app.db.transaction().execute((trx) =>
          writeBatch(
            trx,
            batch.map((p) => p.input),
            Date.now(),
          ),
        );
        app.metrics.commitSeconds.observe((performance.now() - started) / 1000);
        app.metrics.commitBatchSize.observe(batch.length);
        app.metrics.messagesAccepted.inc(fresh.length);
        for (const [i, p] of batch.entries()) p.resolve(results[i]!);
        if (queued > 0) app.notificationJobs.wake();
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
