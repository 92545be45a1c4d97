import { missedCallFor, type TMessage, type TSeenEntry } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { TextKey } from '../../lib/texts';
import type { Publish } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { parsePermissions } from '../users/user-view';
import { userColumns } from '../users/users.store';
import { markDelivered } from './acknowledgement-grid.store';
import {
  callsMissedAfter,
  type HistoryBound,
  type HistoryRow,
  historyAfter,
  historyBackward,
  insertRead,
  lastLiveMessage,
  liveMessageInRoom,
  markRemoved,
  messageSeq,
  othersMessagesAfter,
  readersSince,
  type StoredMessage,
} from './messages.store';
import { fullName, toMessage } from './room-view';
import {
  advanceReadPosition,
  memberIds,
  requireMember,
  roomReader,
  roomUnavailable,
  setLastMessage,
  unreadOneFewer,
} from './rooms.store';

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
  const message = await liveMessageInRoom(db, roomId, messageId);
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
      // What this reply carries has reached a device of a member's (the acknowledgement grid's "delivered"); a
      // write only when it carries something newer than their position. A break-glass reader writes nothing.
      const shape = async (rows: HistoryRow[]) => {
        const newest = rows.reduce((max, r) => Math.max(max, Number(r.seq)), 0);
        if (reader.deliveredSeq !== null && newest > reader.deliveredSeq) {
          await markDelivered(db, q.twId, userId, newest);
        }
        return rows.map((r) => toMessage(r, r.first_name === null ? '' : `${r.first_name} ${r.last_name}`, crypto));
      };
      if (q.after !== undefined) {
        const rows = await historyAfter(db, q.twId, q.after, q.limit + 1);
        return { messages: await shape(rows.slice(0, q.limit)), hasMore: rows.length > q.limit, ...retention };
      }
      let bound: HistoryBound | undefined;
      if (q.msgId !== undefined) {
        const target = await messageSeq(db, q.twId, q.msgId);
        if (!target) throw notFound('messageNotFound');
        bound = { upTo: Number(target.seq) };
      } else if (q.before !== undefined) {
        bound = { before: q.before };
      }
      const rows = await historyBackward(db, q.twId, bound, q.limit + 1);
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
        await markRemoved(trx, crypto, message.id, held);
        // Those who had not read it yet have one unread message fewer.
        await unreadOneFewer(trx, room.id, userId, seq);
        if (room.last_message_id === message.id) {
          const previous = await lastLiveMessage(trx, room.id);
          await setLastMessage(trx, room.id, previous?.id ?? null, previous?.created_at ?? room.created_at);
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
        const left = await othersMessagesAfter(trx, room.id, upTo, userId);
        // Missed calls after upTo that this user missed are still unread too (messages.store appendToRooms).
        const missed = (await callsMissedAfter(trx, room.id, upTo)).filter((m) =>
          missedCallFor(JSON.parse(m.attributes), userId),
        ).length;
        const unread = Number(left.n) + missed;
        await advanceReadPosition(trx, room.id, userId, upTo, unread);
        await insertRead(trx, room.id, userId, upTo, now);
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
      const rows = await readersSince(db, room.id, Number(message.seq), userId);
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
