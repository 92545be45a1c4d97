import { missedCallFor, type TMessage, type TSeenEntry } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { TextKey } from '../../lib/texts';
import type { Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { parsePermissions } from '../users/user-view';
import { userColumns } from '../users/users.store';
import { markDelivered } from './acknowledgement-grid.store';
import type { StoredMessage } from './messages.store';
import { fullName, toMessage } from './room-view';
import { memberIds, requireMember, roomReader, roomUnavailable } from './rooms.store';

export type HistoryQuery = { twId: string; before?: number; after?: number; limit: number; msgId?: string };

export type MessagesDeps = {
  db: Db;
  crypto: MessageCrypto;
  publish: Publish;
  /** A removed message leaves the search index in its transaction (modules/search). */
  forgetIndexed: (trx: Db, messages: readonly StoredMessage[]) => Promise<unknown>;
  /** Whether a legal hold keeps the message (modules/compliance holds). */
  keepsMessage: (trx: Db, messageId: string) => Promise<boolean>;
  /** A removed message's files go with it (uploads.service). */
  forgetFiles: (messageId: string) => Promise<void>;
};

/** A message of the room, not removed, that the user sent: 404 when there is none, 403 `refusal` to anyone else. */
async function ownMessage(db: Db, roomId: string, messageId: string, userId: string, refusal: TextKey) {
  const message = await db
    .selectFrom('messages')
    .select(['id', 'room_id', 'seq', 'author_id', 'attributes', 'body', 'media'])
    .where('id', '=', messageId)
    .where('room_id', '=', roomId)
    .where('removed', '=', 0)
    .executeTakeFirst();
  if (!message) throw notFound('messageNotFound');
  if (message.author_id !== userId) throw forbidden(refusal, 'NOT_SENDER');
  return message;
}

/** History, removal, read positions and typing: everything about messages except sending (message-writer). */
export function createMessagesService({ db, crypto, publish, forgetIndexed, keepsMessage, forgetFiles }: MessagesDeps) {
  const members = (roomId: string) => memberIds(db, roomId);

  return {
    /** Oldest first. Removed messages are left out; their seq stays a gap. */
    history: async (
      userId: string,
      q: HistoryQuery,
    ): Promise<{ messages: TMessage[]; hasMore: boolean; retainedFrom?: number }> => {
      // The hot read of the app (every room opened, every scroll up): who may read (mayReadRoom: a member or a
      // live break-glass grant, with where retention left the room's history beginning), then one query that
      // brings the authors' names along.
      const reader = await roomReader(db, userId, q.twId, Date.now());
      if (!reader) throw roomUnavailable();
      const retention = reader.retainedFrom === null ? {} : { retainedFrom: reader.retainedFrom };
      let base = db
        .selectFrom('messages')
        .leftJoin('users', 'users.id', 'messages.author_id')
        .selectAll('messages')
        .select(['users.first_name', 'users.last_name'])
        .where('messages.room_id', '=', q.twId)
        .where('messages.removed', '=', 0);
      // What this reply carries has reached a device of a member's (the acknowledgement grid's "delivered"); a
      // write only when it carries something newer than their position. A break-glass reader writes nothing.
      const shape = async (rows: Awaited<ReturnType<typeof base.execute>>) => {
        const newest = rows.reduce((max, r) => Math.max(max, Number(r.seq)), 0);
        if (reader.deliveredSeq !== null && newest > reader.deliveredSeq) {
          await markDelivered(db, q.twId, userId, newest);
        }
        return rows.map((r) => toMessage(r, r.first_name === null ? '' : `${r.first_name} ${r.last_name}`, crypto));
      };
      if (q.after !== undefined) {
        const rows = await base
          .where('messages.seq', '>', q.after)
          .orderBy('messages.seq', 'asc')
          .limit(q.limit + 1)
          .execute();
        return { messages: await shape(rows.slice(0, q.limit)), hasMore: rows.length > q.limit, ...retention };
      }
      if (q.msgId !== undefined) {
        const target = await db
          .selectFrom('messages')
          .select('seq')
          .where('id', '=', q.msgId)
          .where('room_id', '=', q.twId)
          .executeTakeFirst();
        if (!target) throw notFound('messageNotFound');
        base = base.where('messages.seq', '<=', Number(target.seq));
      } else if (q.before !== undefined) {
        base = base.where('messages.seq', '<', q.before);
      }
      const rows = await base
        .orderBy('messages.seq', 'desc')
        .limit(q.limit + 1)
        .execute();
      return {
        messages: await shape(rows.slice(0, q.limit).reverse()),
        hasMore: rows.length > q.limit,
        ...retention,
      };
    },

    /** The sender removes their own message (delSms not false); members see it vanish. */
    remove: async (userId: string, twId: string, messageId: string): Promise<void> => {
      const { room } = await requireMember(db, userId, twId);
      const message = await ownMessage(db, room.id, messageId, userId, 'onlySenderDeletes');
      const me = (await userColumns(db, userId, ['permissions']))!;
      if (parsePermissions(me.permissions).delSms === false) {
        throw forbidden('deleteNotAllowed', 'PERMISSION_DENIED');
      }
      const seq = Number(message.seq);
      const held = await db.transaction().execute(async (trx) => {
        await forgetIndexed(trx, [message]);
        // Under legal hold the message is hidden from everyone but kept, body and files, until no hold keeps it
        // (the retention sweep then finishes the removal: docs/decisions.md "Retention and legal hold").
        const held = await keepsMessage(trx, message.id);
        await trx
          .updateTable('messages')
          .set(
            held
              ? { removed: 1, removal_pending: 1 }
              : { removed: 1, body: crypto.seal(''), attributes: '{}', media: null },
          )
          .where('id', '=', message.id)
          .execute();
        // Those who had not read it yet have one unread message fewer.
        await trx
          .updateTable('room_members')
          .set({ unread_count: sql`case when unread_count > 0 then unread_count - 1 else 0 end` })
          .where('room_id', '=', room.id)
          .where('user_id', '!=', userId)
          .where('last_read_seq', '<', seq)
          .execute();
        if (room.last_message_id === message.id) {
          const previous = await trx
            .selectFrom('messages')
            .select(['id', 'created_at'])
            .where('room_id', '=', room.id)
            .where('removed', '=', 0)
            .orderBy('seq', 'desc')
            .limit(1)
            .executeTakeFirst();
          await trx
            .updateTable('rooms')
            .set({ last_message_id: previous?.id ?? null, last_message_at: previous?.created_at ?? room.created_at })
            .where('id', '=', room.id)
            .execute();
        }
        await writeAudit(trx, {
          userId,
          event: 'message removed',
          details: { roomId: room.id, messageId, ...(held ? { keptForLegalHold: true } : {}) },
        });
        return held;
      });
      publish(SERVER_EVENTS.MessageRemoved, { twId: room.id, messageId, seq }, { users: await members(room.id) });
      if (!held) await forgetFiles(messageId);
    },

    /** ReadMessage: the member has read up to seq. Moves forward only; the other members see it. */
    read: async (userId: string, twId: string, seq: number): Promise<void> => {
      const { room, member } = await requireMember(db, userId, twId);
      const upTo = Math.min(seq, Number(room.last_seq));
      if (upTo <= Number(member.last_read_seq)) return;
      const now = Date.now();
      const unread = await db.transaction().execute(async (trx) => {
        const left = await trx
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('room_id', '=', room.id)
          .where('seq', '>', upTo)
          .where('removed', '=', 0)
          .where('author_id', 'is not', null)
          .where('author_id', '!=', userId)
          .executeTakeFirstOrThrow();
        // Missed calls after upTo that this user missed are still unread too (messages.store appendToRooms).
        const missed = (
          await trx
            .selectFrom('messages')
            .select('attributes')
            .where('room_id', '=', room.id)
            .where('seq', '>', upTo)
            .where('removed', '=', 0)
            .where('author_id', 'is', null)
            .where('attributes', 'like', '%callMissed%')
            .execute()
        ).filter((m) => missedCallFor(JSON.parse(m.attributes), userId)).length;
        const unread = Number(left.n) + missed;
        await trx
          .updateTable('room_members')
          .set({ last_read_seq: upTo, unread_count: unread })
          .where('room_id', '=', room.id)
          .where('user_id', '=', userId)
          .where('last_read_seq', '<', upTo)
          .execute();
        await trx
          .insertInto('message_reads')
          .values({ room_id: room.id, user_id: userId, seq: upTo, read_at: now })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return unread;
      });
      const event = { twId: room.id, userId, seq: upTo, timetoken: now };
      const others = (await members(room.id)).filter((id) => id !== userId);
      publish(SERVER_EVENTS.Read, event, { users: others });
      publish(SERVER_EVENTS.Read, { ...event, unreadCount: unread }, { users: [userId] });
    },

    /** DeliveredMessage: a tab of the member received the room up to seq live. Moves forward only. */
    delivered: async (userId: string, twId: string, seq: number): Promise<void> => {
      const { room, member } = await requireMember(db, userId, twId);
      const upTo = Math.min(seq, Number(room.last_seq));
      if (upTo <= Number(member.last_read_seq)) return;
      await markDelivered(db, room.id, userId, upTo);
    },

    /** Who has read the message and when: its sender only. */
    seenBy: async (userId: string, twId: string, messageId: string): Promise<TSeenEntry[]> => {
      const { room } = await requireMember(db, userId, twId);
      const message = await ownMessage(db, room.id, messageId, userId, 'onlySenderSeesSeen');
      const rows = await db
        .selectFrom('message_reads')
        .innerJoin('users', 'users.id', 'message_reads.user_id')
        .select([
          'users.id',
          'users.first_name',
          'users.last_name',
          (eb) => eb.fn.min<number>('message_reads.read_at').as('at'),
        ])
        .where('message_reads.room_id', '=', room.id)
        .where('message_reads.seq', '>=', Number(message.seq))
        .where('message_reads.user_id', '!=', userId)
        .groupBy(['users.id', 'users.first_name', 'users.last_name'])
        .orderBy('at')
        .execute();
      return rows.map((r) => ({ userId: r.id, fullName: fullName(r), timetoken: Number(r.at) }));
    },

    /** Typing: relayed to the other members; nothing stored. */
    typing: async (userId: string, twId: string): Promise<void> => {
      const { room } = await requireMember(db, userId, twId);
      if (room.archived_by !== null) return;
      const me = (await userColumns(db, userId, ['first_name', 'last_name']))!;
      const others = (await members(room.id)).filter((id) => id !== userId);
      publish(SERVER_EVENTS.Typing, { twId: room.id, userId, fullName: fullName(me) }, { users: others });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
