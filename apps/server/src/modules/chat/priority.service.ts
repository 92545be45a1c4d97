import type { TMessage, TMessageAttributes, TPriorityOptions } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { Db, Engine } from '../../db/database';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import type { NotificationJobs } from '../notify/notification-jobs.store';
import { renderNotify } from '../notify/notify.texts';
import type { SmsBudget, SmsGrant } from '../notify/sms-budget';
import { parsePermissions } from '../users/user-view';
import { userColumns } from '../users/users.store';
import { buildGrid } from './acknowledgement-grid.rules';
import { gridMessage, gridRows, markDelivered } from './acknowledgement-grid.store';
import { priorityAttributes } from './priority.rules';
import * as store from './priority.store';
import { fullName, lockedMessage, toMessage } from './room-view';
import { memberIds, requireMember, roomUnavailable } from './rooms.store';

/**
 * What priority messages reach beyond the message itself: SMS under the caps as notification jobs, pushes that
 * repeat until acknowledged, and in a duty role's room its escalation chain.
 */
export type PriorityDeps = {
  db: Db;
  engine: Engine;
  crypto: MessageCrypto;
  publish: Publish;
  /** Where an SMS link leads (PUBLIC_URL). */
  publicUrl: string;
  /** How long an URGENT message waits for its acknowledgements before it escalates. */
  escalateAfterMs: number;
  smsBudget: Pick<SmsBudget, 'reserve'>;
  notificationJobs: Pick<NotificationJobs, 'enqueue' | 'wake'>;
  /** Web Push (modules/push push.service): who is pushed, alerts repeated until acknowledged. */
  push: {
    /** Answers whether it queued a push job. */
    queueMessages: (trx: Db, messages: TMessage[], now: number, o?: { priorityOnly?: boolean }) => Promise<boolean>;
    startRepeats: (trx: Db, m: TMessage, now: number) => Promise<unknown>;
    stopRepeats: (trx: Db, messageId: string, userId: string, now: number) => Promise<unknown>;
    acknowledged: (m: TMessage, userId: string) => Promise<unknown>;
    escalated: (m: TMessage, userIds: string[]) => Promise<unknown>;
  };
  /** A duty role's escalation chain (modules/on-call escalation.service); chat imports nothing of it. */
  escalation: {
    start: (trx: Db, m: TMessage, now: number) => Promise<unknown>;
    acknowledged: (
      trx: Db,
      messageId: string,
      userId: string,
      now: number,
    ) => Promise<{ twId: string; messageId: string } | null>;
    announce: (moved: { twId: string; messageId: string } | null) => Promise<unknown>;
  };
};
type SmsDeps = Pick<PriorityDeps, 'publicUrl' | 'notificationJobs'>;

type SmsTemplate = 'priority-important' | 'priority-urgent' | 'priority-reminder';
const smsTemplate = (m: TMessage): SmsTemplate =>
  m.attributes.level === 'URGENT' ? 'priority-urgent' : 'priority-important';

/**
 * In the caller's transaction: the SMS the caps granted, as notification jobs, in each recipient's language,
 * with the link only. The worker (jobs/notification-worker.ts) sends them after commit. Returns how many.
 */
async function queueSms(
  deps: SmsDeps,
  trx: Db,
  m: TMessage,
  logId: string | null,
  grants: SmsGrant[],
  template: SmsTemplate,
  now: number,
): Promise<number> {
  if (!logId || grants.length === 0) return 0;
  const link = `${deps.publicUrl}/?rs=${logId}`;
  await deps.notificationJobs.enqueue(
    trx,
    grants.map((g) => ({
      kind: 'sms' as const,
      recipient: g.to,
      text: renderNotify(template, g.language, { sender: m.authorName, link }).text,
    })),
    now,
  );
  return grants.length;
}

/**
 * In the message's transaction: the SMS link's log, the SMS reservations under the caps queued as
 * notification jobs and, for URGENT, the escalation timer. Members an SMS cap refused are written to the
 * message's `smsWithheld` (on `m` too, so the sender's ack or reply says so); they are still notified in the
 * app. Returns how many SMS were queued (the caller wakes the worker after commit).
 */
export async function recordPriority(
  deps: Pick<PriorityDeps, 'publicUrl' | 'notificationJobs' | 'smsBudget' | 'push' | 'escalation' | 'escalateAfterMs'>,
  trx: Db,
  m: TMessage,
  now: number,
): Promise<number> {
  let queued = 0;
  if (m.attributes.sms && m.author) {
    const earlier = await store.messageLogIdOf(trx, m.id);
    const logId = earlier?.id ?? newId(now);
    if (!earlier) await store.insertMessageLog(trx, { id: logId, message_id: m.id, room_id: m.twId, created_at: now });
    const reserved = await deps.smsBudget.reserve(trx, {
      kind: 'priority',
      senderId: m.author,
      messageId: m.id,
      recipientIds: m.attributes.notify ?? [],
      now,
    });
    queued = await queueSms(deps, trx, m, logId, reserved.granted, smsTemplate(m), now);
    if (reserved.withheld.length > 0) {
      m.attributes = {
        ...m.attributes,
        smsWithheld: [...new Set([...(m.attributes.smsWithheld ?? []), ...reserved.withheld])],
      };
      await store.saveMessageAttributes(trx, m.id, m.attributes);
    }
  }
  if (m.attributes.level === 'URGENT') {
    await store.insertEscalation(trx, m.id, now + deps.escalateAfterMs);
    await deps.push.startRepeats(trx, m, now);
    // In a role's room, the role's escalation chain starts with the message (modules/on-call).
    await deps.escalation.start(trx, m, now);
  }
  return queued;
}

/**
 * In the caller's transaction: SMS about a message already texted (an escalation step's, a reminder) to
 * `userIds`, under the caps, with the link of the message's log. Returns how many were queued.
 */
async function queueMoreSms(
  deps: SmsDeps & Pick<PriorityDeps, 'smsBudget'>,
  trx: Db,
  m: TMessage,
  userIds: string[],
  kind: 'priority' | 'reminder',
  template: SmsTemplate,
  now: number,
) {
  if (!m.author || userIds.length === 0) return 0;
  const log = await store.messageLogIdOf(trx, m.id);
  const reserved = await deps.smsBudget.reserve(trx, {
    kind,
    senderId: m.author,
    messageId: m.id,
    recipientIds: userIds,
    now,
  });
  return queueSms(deps, trx, m, log?.id ?? null, reserved.granted, template, now);
}

/**
 * In an escalation step's transaction (modules/on-call escalation): an SMS with the link to the people a chain
 * step alerted, under the same caps as the message's own (each person texted about a message once). Returns how
 * many were queued; the caller wakes the worker after commit.
 */
export async function queueEscalationSms(
  deps: SmsDeps & Pick<PriorityDeps, 'smsBudget'>,
  trx: Db,
  m: TMessage,
  userIds: string[],
  now: number,
) {
  return queueMoreSms(deps, trx, m, userIds, 'priority', 'priority-urgent', now);
}

export function createPriorityService(deps: PriorityDeps) {
  const { db, engine, crypto, publish, push, notificationJobs, escalation } = deps;
  const members = (roomId: string) => memberIds(db, roomId);
  const load = async (trx: Db, roomId: string, messageId: string) => {
    const message = await lockedMessage(trx, engine, crypto, messageId, roomId);
    if (!message) throw notFound('messageNotFound');
    return message;
  };
  const saveAttributes = (trx: Db, m: TMessage, attributes: TMessageAttributes) =>
    store.saveMessageAttributes(trx, m.id, attributes);
  const publishUpdate = async (event: 'ImportantMarked' | 'Acknowledged', m: TMessage) =>
    publish(SERVER_EVENTS[event], { twId: m.twId, message: m }, { users: await members(m.twId) });

  return {
    /** The sender marks a sent message important (or urgent), with whom to notify and perhaps an SMS. */
    markImportant: async (userId: string, twId: string, messageId: string, o: TPriorityOptions) => {
      const { room } = await requireMember(db, userId, twId);
      const sender = (await userColumns(db, userId, ['permissions']))!;
      const now = Date.now();
      // Read before the transaction: on SQLite a query outside it would wait for it forever.
      const people = await members(room.id);
      const message = await db.transaction().execute(async (trx) => {
        const m = await load(trx, room.id, messageId);
        if (m.author !== userId) throw forbidden('onlySenderMarksImportant', 'NOT_SENDER');
        const attributes = priorityAttributes(o, userId, people, parsePermissions(sender.permissions).sms !== false);
        if (attributes instanceof AppError) throw attributes;
        const updated = { ...m, attributes: { ...m.attributes, ...attributes } };
        await saveAttributes(trx, m, updated.attributes);
        // A re-mark texts only members this message never texted (the ledger remembers them).
        await recordPriority(deps, trx, updated, now);
        // Those it now notifies are pushed, through mute and Do not disturb (modules/push).
        await push.queueMessages(trx, [updated], now, { priorityOnly: true });
        return updated;
      });
      await publishUpdate('ImportantMarked', message);
      // Its SMS (if any) and its pushes are queued: the worker looks now.
      notificationJobs.wake();
      return message;
    },

    /** A notified member acknowledges; once every notified member has, the escalation is off. */
    acknowledge: async (userId: string, messageId: string) => {
      const found = await store.messageRoomId(db, messageId);
      // The room's reply, as an outsider gets: nobody learns whether a message id exists elsewhere.
      if (!found) throw roomUnavailable();
      const { room } = await requireMember(db, userId, found.room_id);
      const now = Date.now();
      const acknowledged = await db.transaction().execute(async (trx) => {
        const m = await load(trx, room.id, messageId);
        if (!m.attributes.important || !(m.attributes.notify ?? []).includes(userId)) {
          throw forbidden('notNotified', 'NOT_NOTIFIED');
        }
        const acks = m.attributes.acknowledgements ?? [];
        if (acks.some((a) => a.userId === userId)) return { ...m, moved: null };
        await store.insertAcknowledgement(trx, m.id, userId, now);
        const attributes = { ...m.attributes, acknowledgements: [...acks, { userId, timetoken: now }] };
        await saveAttributes(trx, m, attributes);
        await push.stopRepeats(trx, m.id, userId, now);
        // Anyone alerted acknowledging ends the role's escalation chain, everywhere.
        const moved = await escalation.acknowledged(trx, m.id, userId, now);
        if (attributes.acknowledgements.length >= (attributes.notify ?? []).length) {
          await store.endEscalation(trx, m.id, now);
        }
        return { ...m, attributes, moved };
      });
      const { moved, ...message } = acknowledged;
      await publishUpdate('Acknowledged', message);
      await escalation.announce(moved);
      // The alert stops on every device of theirs; the sender sees who is still being alerted.
      await push.acknowledged(message, userId);
      return message;
    },

    /**
     * URGENT messages of rooms I am in that notify me and I have not acknowledged, oldest first: brought up at
     * sign-in and reload so nobody misses one that came while they were away. Every URGENT message has an
     * escalation row, which keeps the scan to URGENT messages only.
     */
    pendingUrgent: async (userId: string) => {
      const rows = await store.unacknowledgedEscalated(db, userId);
      const pending = rows
        .map((row) =>
          toMessage(
            row,
            row.first_name === null ? '' : fullName({ first_name: row.first_name, last_name: row.last_name! }),
            crypto,
          ),
        )
        .filter((m) => m.attributes.level === 'URGENT' && (m.attributes.notify ?? []).includes(userId));
      // This reply brings them to a device of the user's: delivered, for the acknowledgement grid.
      const newest = new Map<string, number>();
      for (const m of pending) newest.set(m.twId, Math.max(newest.get(m.twId) ?? 0, m.seq));
      for (const [roomId, seq] of newest) await markDelivered(db, roomId, userId, seq);
      return pending;
    },

    /**
     * The acknowledgement grid of a priority message: for its sender and the room's owner only (a member gets
     * 403, anyone else the room's 404). One query for the whole room, whatever its size.
     */
    acknowledgementGrid: async (userId: string, twId: string, messageId: string) => {
      const { room } = await requireMember(db, userId, twId);
      const message = await gridMessage(db, room.id, messageId);
      if (!message) throw notFound('messageNotFound');
      if (message.author_id !== userId && room.owner_id !== userId) {
        throw forbidden('gridSenderOrOwner', 'NOT_SENDER_OR_OWNER');
      }
      const attributes = JSON.parse(message.attributes) as TMessageAttributes;
      if (!attributes.important || message.author_id === null) throw conflict('gridNotPriority', 'NOT_PRIORITY');
      const seq = Number(message.seq);
      const rows = await gridRows(db, room.id, message.id, seq, message.author_id);
      return buildGrid(
        rows.map((r) => ({ ...r, fullName: fullName({ first_name: r.firstName, last_name: r.lastName }) })),
        attributes.notify ?? [],
        seq,
      );
    },

    /** Where an SMS link leads, for a member of that room; anyone else gets 404. */
    messageLog: async (userId: string, logId: string) => {
      const log = await store.messageLog(db, logId);
      // The room's reply, as an outsider gets: an SMS link tells nobody whether it exists.
      if (!log) throw roomUnavailable();
      await requireMember(db, userId, log.room_id);
      return { id: log.id, conversationId: log.room_id, messageId: log.message_id };
    },

    /**
     * URGENT messages past due with members who have not acknowledged: notified once more in the app and, if
     * the message went by SMS, by SMS again (queued under the same caps). Each is claimed in the transaction
     * that records it, so several processes never escalate twice and a crash leaves it due.
     */
    escalate: async (now = Date.now()) => {
      const due = await store.dueEscalations(db, now);
      let escalated = 0;
      let queued = 0;
      for (const d of due) {
        // Read before the transaction: on SQLite a query outside it would wait for it forever.
        const current = new Set(await members(d.room_id));
        const done = await db.transaction().execute(async (trx) => {
          if (!(await store.endEscalation(trx, d.message_id, now))) return null;
          const m = await load(trx, d.room_id, d.message_id);
          const acked = new Set((m.attributes.acknowledgements ?? []).map((a) => a.userId));
          const waiting = (m.attributes.notify ?? []).filter((id) => !acked.has(id) && current.has(id));
          if (waiting.length === 0) return null;
          const escalations = [
            ...(m.attributes.escalations ?? []),
            { timetoken: now, userIds: waiting, sms: m.attributes.sms === true },
          ];
          const attributes = { ...m.attributes, escalations };
          await saveAttributes(trx, m, attributes);
          const message = { ...m, attributes };
          // One reminder per member, to those the message itself texted, under the same caps.
          if (message.attributes.sms) {
            queued += await queueMoreSms(deps, trx, message, waiting, 'reminder', 'priority-reminder', now);
          }
          return { message, pending: waiting };
        });
        if (!done) continue;
        escalated += 1;
        publish(
          SERVER_EVENTS.UrgentReminder,
          { twId: done.message.twId, message: done.message },
          {
            users: done.pending,
          },
        );
        await publishUpdate('ImportantMarked', done.message);
        await push.escalated(done.message, done.pending);
      }
      if (queued > 0) notificationJobs.wake();
      return escalated;
    },
  };
}

export type PriorityService = ReturnType<typeof createPriorityService>;
