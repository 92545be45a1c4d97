import type { TMessage, TMessageAttributes, TPriorityOptions } from '@rounds/contracts/chat';
import { toLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { parsePermissions } from '../accounts/user-view';
import { renderNotify } from '../notify/notify.texts';
import { fullName, toMessage } from './room-view';
import { memberIds, requireMember } from './rooms.service';

/** Priority asked for: any of the options given. */
export const wantsPriority = (o: TPriorityOptions) => o.level !== undefined || o.notify !== undefined || o.sms === true;

/**
 * The attributes of a priority message, or why not: the notified must be other members of the room (all of
 * them when none are named), and an SMS needs the sender's sms permission not false.
 */
export function priorityAttributes(
  o: TPriorityOptions,
  senderId: string,
  members: string[],
  smsAllowed: boolean,
): TMessageAttributes | AppError {
  const others = members.filter((id) => id !== senderId);
  const notify = o.notify ? [...new Set(o.notify)] : others;
  if (notify.some((id) => !others.includes(id))) return badRequest('notify: only other members of the room');
  if (o.notify && notify.length === 0 && others.length > 1) return badRequest('notify: choose whom to notify');
  if (o.sms && !smsAllowed) return forbidden('You are not allowed to send SMS.', 'PERMISSION_DENIED');
  return { important: true, level: o.level ?? 'IMPORTANT', notify, sms: o.sms === true, acknowledgements: [] };
}

/** In the message's transaction: the SMS link's log and, for URGENT, the escalation timer. */
export async function recordPriority(trx: Db, m: TMessage, now: number, escalateAfterMs: number) {
  const logId = m.attributes.sms ? newId(now) : null;
  if (logId) {
    await trx
      .insertInto('message_logs')
      .values({ id: logId, message_id: m.id, room_id: m.twId, created_at: now })
      .execute();
  }
  if (m.attributes.level === 'URGENT') {
    await trx
      .insertInto('escalations')
      .values({ message_id: m.id, due_at: now + escalateAfterMs, done_at: null })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
  }
  return logId;
}

/** After commit: an SMS to each notified member with a phone, in their language, with the link only. */
export async function smsNotified(
  app: FastifyInstance,
  m: TMessage,
  logId: string,
  userIds: string[],
  template: 'priority-important' | 'priority-urgent' | 'priority-reminder',
) {
  if (userIds.length === 0) return;
  const people = await app.db
    .selectFrom('users')
    .select(['phone', 'phone_country_code', 'language'])
    .where('id', 'in', userIds)
    .where('deleted', '=', 0)
    .execute();
  const link = `${app.config.PUBLIC_URL}/?rs=${logId}`;
  for (const p of people) {
    if (!p.phone || !p.phone_country_code) continue;
    const { text } = renderNotify(template, toLanguage(p.language), { sender: m.authorName, link });
    await app.notifier.sms(`${p.phone_country_code}${p.phone}`, text).catch(() => undefined);
  }
}

const smsTemplate = (m: TMessage) => (m.attributes.level === 'URGENT' ? 'priority-urgent' : 'priority-important');

export function createPriorityService(app: FastifyInstance, crypto: MessageCrypto) {
  const db = app.db;
  const escalateAfterMs = app.config.URGENT_ESCALATION_SECONDS * 1000;
  const members = (roomId: string) => memberIds(db, roomId);
  const load = async (trx: Db, roomId: string, messageId: string) => {
    const row = await trx
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.author_id')
      .selectAll('messages')
      .select(['users.first_name', 'users.last_name'])
      .where('messages.id', '=', messageId)
      .where('messages.room_id', '=', roomId)
      .where('messages.removed', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound('Message not found');
    return toMessage(
      row,
      row.first_name === null ? '' : fullName({ first_name: row.first_name, last_name: row.last_name! }),
      crypto,
    );
  };
  const saveAttributes = (trx: Db, m: TMessage, attributes: TMessageAttributes) =>
    trx
      .updateTable('messages')
      .set({ attributes: JSON.stringify(attributes) })
      .where('id', '=', m.id)
      .execute();
  const publishUpdate = async (event: 'ImportantMarked' | 'Acknowledged', m: TMessage) =>
    app.publish(SERVER_EVENTS[event], { twId: m.twId, message: m }, { users: await members(m.twId) });

  return {
    /** After a priority message is stored: its SMS, if asked. */
    afterSend: async (m: TMessage, logId: string | null) => {
      if (logId) await smsNotified(app, m, logId, m.attributes.notify ?? [], smsTemplate(m));
    },

    /** The sender marks a sent message important (or urgent), with whom to notify and perhaps an SMS. */
    markImportant: async (userId: string, twId: string, messageId: string, o: TPriorityOptions) => {
      const { room } = await requireMember(db, userId, twId);
      const sender = await db
        .selectFrom('users')
        .select('permissions')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const now = Date.now();
      // Read before the transaction: on SQLite a query outside it would wait for it forever.
      const people = await members(room.id);
      const { message, logId } = await db.transaction().execute(async (trx) => {
        const m = await load(trx, room.id, messageId);
        if (m.author !== userId) throw forbidden('Only the sender can mark a message important.', 'NOT_SENDER');
        const attributes = priorityAttributes(o, userId, people, parsePermissions(sender.permissions).sms !== false);
        if (attributes instanceof AppError) throw attributes;
        const updated = { ...m, attributes: { ...m.attributes, ...attributes } };
        await saveAttributes(trx, m, updated.attributes);
        return { message: updated, logId: await recordPriority(trx, updated, now, escalateAfterMs) };
      });
      await publishUpdate('ImportantMarked', message);
      if (logId) await smsNotified(app, message, logId, message.attributes.notify ?? [], smsTemplate(message));
      return message;
    },

    /** A notified member acknowledges; once every notified member has, the escalation is off. */
    acknowledge: async (userId: string, messageId: string) => {
      const found = await db.selectFrom('messages').select('room_id').where('id', '=', messageId).executeTakeFirst();
      if (!found) throw notFound('Message not found');
      const { room } = await requireMember(db, userId, found.room_id);
      const now = Date.now();
      const message = await db.transaction().execute(async (trx) => {
        const m = await load(trx, room.id, messageId);
        if (!m.attributes.important || !(m.attributes.notify ?? []).includes(userId)) {
          throw forbidden('This message does not ask you for an acknowledgement.', 'NOT_NOTIFIED');
        }
        const acks = m.attributes.acknowledgements ?? [];
        if (acks.some((a) => a.userId === userId)) return m;
        await trx
          .insertInto('acknowledgements')
          .values({ message_id: m.id, user_id: userId, acknowledged_at: now })
          .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
          .execute();
        const attributes = { ...m.attributes, acknowledgements: [...acks, { userId, timetoken: now }] };
        await saveAttributes(trx, m, attributes);
        if (attributes.acknowledgements.length >= (attributes.notify ?? []).length) {
          await trx
            .updateTable('escalations')
            .set({ done_at: now })
            .where('message_id', '=', m.id)
            .where('done_at', 'is', null)
            .execute();
        }
        return { ...m, attributes };
      });
      await publishUpdate('Acknowledged', message);
      return message;
    },

    /** Where an SMS link leads, for a member of that room; anyone else gets 404. */
    messageLog: async (userId: string, logId: string) => {
      const log = await db.selectFrom('message_logs').selectAll().where('id', '=', logId).executeTakeFirst();
      if (!log) throw notFound('Not found');
      await requireMember(db, userId, log.room_id);
      return { id: log.id, conversationId: log.room_id, messageId: log.message_id };
    },

    /**
     * URGENT messages past due with members who have not acknowledged: notified once more in the app and, if
     * the message went by SMS, by SMS again. Claimed row by row, so several processes never escalate twice.
     */
    escalate: async (now = Date.now()) => {
      const due = await db
        .selectFrom('escalations')
        .innerJoin('messages', 'messages.id', 'escalations.message_id')
        .select(['escalations.message_id', 'messages.room_id'])
        .where('escalations.done_at', 'is', null)
        .where('escalations.due_at', '<=', now)
        .execute();
      let escalated = 0;
      for (const d of due) {
        const claimed = await db
          .updateTable('escalations')
          .set({ done_at: now })
          .where('message_id', '=', d.message_id)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const current = new Set(await members(d.room_id));
        const { message, pending } = await db.transaction().execute(async (trx) => {
          const m = await load(trx, d.room_id, d.message_id);
          const acked = new Set((m.attributes.acknowledgements ?? []).map((a) => a.userId));
          const waiting = (m.attributes.notify ?? []).filter((id) => !acked.has(id) && current.has(id));
          if (waiting.length === 0) return { message: m, pending: waiting };
          const escalations = [
            ...(m.attributes.escalations ?? []),
            { timetoken: now, userIds: waiting, sms: m.attributes.sms === true },
          ];
          const attributes = { ...m.attributes, escalations };
          await saveAttributes(trx, m, attributes);
          return { message: { ...m, attributes }, pending: waiting };
        });
        if (pending.length === 0) continue;
        escalated += 1;
        app.publish(SERVER_EVENTS.UrgentReminder, { twId: message.twId, message }, { users: pending });
        await publishUpdate('ImportantMarked', message);
        if (message.attributes.sms) {
          const log = await db
            .selectFrom('message_logs')
            .select('id')
            .where('message_id', '=', message.id)
            .executeTakeFirst();
          if (log) await smsNotified(app, message, log.id, pending, 'priority-reminder');
        }
      }
      return escalated;
    },
  };
}

export type PriorityService = ReturnType<typeof createPriorityService>;
