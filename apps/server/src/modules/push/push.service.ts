import type { TCall } from '@rounds/contracts/calls';
import type { TMessage, TMessageAttributes } from '@rounds/contracts/chat';
import { type TLanguage, toLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  type TPushContentLevel,
  type TPushDevice,
  type TPushPayload,
  type TPushSubscription,
  urgentTag,
} from '@rounds/contracts/push';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import { memberIds } from '../chat/rooms.store';
import type { NotificationJob, NotificationJobs } from '../notify/notification-jobs.store';
import { readSetting, writeSetting } from '../settings/settings.service';
import {
  callPayload,
  deviceLabel,
  endpointProblem,
  escalationPayload,
  isP256Point,
  type MessageFacts,
  messagePayload,
  repeatPayload,
  testPayload,
  topicOf,
} from './push.rules';
import * as store from './push.store';

type PushConfig = Pick<
  Config,
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUSH_ALLOWED_HOSTS'
  | 'PUSH_ALLOW_LOOPBACK'
  | 'URGENT_REPEAT_SECONDS'
  | 'URGENT_REPEAT_MAX'
  | 'NOTIFY_TIMEOUT_SECONDS'
>;

export type PushDeps = {
  db: Db;
  engine: 'sqlite' | 'postgres';
  config: PushConfig;
  jobs: NotificationJobs;
  publish: Publish;
  crypto: MessageCrypto;
  /** Users among these with a tab in front of them now (TabVisibility), on any process. */
  visibleUsers: (userIds: readonly string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
};

/** How long a push service keeps a push for an offline device, and how hard it tries to wake it. */
type Delivery = { urgency: 'normal' | 'high'; ttl: number; topic: string };
const MESSAGE_TTL = 12 * 3600;
const URGENT_TTL = 3600;
/** A call rings for 60 s: a push delivered later would ring for a call long gone. */
const CALL_TTL = 60;

type OnePush = { subId: string; payload: TPushPayload; delivery: Delivery };

/** A push service answered 429: try again when it said, not sooner. */
export class PushRetryLater extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`push service asked to wait ${Math.round(retryAfterMs / 1000)} s`);
  }
}

/** Retry-After in seconds or as an HTTP date; a minute when it says nothing readable. */
function retryAfterMs(header: string | string[] | undefined, now: number): number {
  const v = Array.isArray(header) ? header[0] : header;
  if (v && /^\d+$/.test(v.trim())) return Number(v) * 1000;
  const at = v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - now);
}

const delivery = (payload: TPushPayload, urgent: boolean, ttl: number): Delivery => ({
  urgency: urgent ? 'high' : 'normal',
  ttl,
  topic: topicOf(payload.tag),
});

const senderName = (m: { first_name: string | null; last_name: string | null }) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ');

/**
 * Web Push (issue 24): this account's subscriptions, per session, and who is pushed for what. Nothing here is
 * awaited by the message writer: it queues one fan-out job in its transaction, the notification worker runs
 * it (who is pushed, with what), and each push is then its own job, retried with backoff, sent with web-push.
 */
export function createPushService(deps: PushDeps) {
  const { db, config, jobs, crypto, log } = deps;
  const vapidDetails = {
    subject: config.VAPID_SUBJECT,
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  };
  const repeatMs = config.URGENT_REPEAT_SECONDS * 1000;
  // One VAPID JWT per push service for 12 hours (RFC 8292 allows up to 24), not a signature per push: a burst
  // of 2,000 pushes then costs one ES256 signature per push service, and the encryption per subscription only.
  const vapidCache = new Map<string, { authorization: string; until: number }>();
  const vapidAuthorization = (endpoint: string, now: number): string => {
    const audience = new URL(endpoint).origin;
    const cached = vapidCache.get(audience);
    if (cached && cached.until > now) return cached.authorization;
    const expires = Math.floor(now / 1000) + 12 * 3600;
    const headers = webpush.getVapidHeaders(
      audience,
      vapidDetails.subject,
      vapidDetails.publicKey,
      vapidDetails.privateKey,
      'aes128gcm',
      expires,
    );
    // Renewed an hour before it expires, so no push service sees one about to lapse.
    vapidCache.set(audience, { authorization: String(headers.Authorization), until: (expires - 3600) * 1000 });
    return String(headers.Authorization);
  };
  const contentLevel = () => readSetting(db, 'pushContentLevel');

  /** In the caller's transaction (or its own): each push a job, its payload sealed at rest like messages. */
  const queue = async (trx: Db, pushes: OnePush[], now: number) => {
    for (let i = 0; i < pushes.length; i += 500) {
      await jobs.enqueue(
        trx,
        pushes.slice(i, i + 500).map((p) => ({
          kind: 'push' as const,
          recipient: p.subId,
          subject: JSON.stringify(p.delivery),
          text: crypto.seal(JSON.stringify(p.payload)),
        })),
        now,
      );
    }
  };
  const queueNow = async (pushes: OnePush[], now = Date.now()) => {
    if (pushes.length === 0) return;
    await db.transaction().execute((trx) => queue(trx, pushes, now));
    jobs.wake();
  };

  /** Each live subscription of these users, with the payload made for that user. */
  const toUsers = async (
    userIds: readonly string[],
    make: (userId: string, lang: TLanguage, badge: number) => { payload: TPushPayload; delivery: Delivery } | null,
    now: number,
  ): Promise<OnePush[]> => {
    const subs = await store.subscriptionsOf(db, userIds, now);
    const badges = await store.unreadRooms(db, [...new Set(subs.map((s) => s.userId))]);
    return subs.flatMap((s) => {
      const made = make(s.userId, toLanguage(s.language), badges.get(s.userId) ?? 0);
      return made ? [{ subId: s.subId, ...made }] : [];
    });
  };

  /** The pushes of an URGENT alert (its close, its repeats, its escalation): urgent, kept for URGENT_TTL. */
  const urgentToUsers = (
    userIds: readonly string[],
    payloadOf: (userId: string, lang: TLanguage, badge: number) => TPushPayload,
    now: number,
  ) =>
    toUsers(
      userIds,
      (userId, lang, badge) => {
        const payload = payloadOf(userId, lang, badge);
        return { payload, delivery: delivery(payload, true, URGENT_TTL) };
      },
      now,
    );

  const alertingEvent = async (roomId: string, messageId: string) => {
    const alerting = await store.alertingOf(db, messageId);
    deps.publish(
      SERVER_EVENTS.UrgentAlerting,
      {
        twId: roomId,
        messageId,
        alerting: alerting.map((a) => ({ userId: a.user_id, count: a.count, nextAt: Number(a.next_at) })),
      },
      { users: await memberIds(db, roomId) },
    );
  };

  /**
   * Who is pushed for stored messages (the fan-out job): see docs/decisions.md "Who is pushed". A batch of the
   * message writer is many rooms' messages: their subscriptions, visible tabs and badges are read once for all.
   */
  const fanOutMessages = async (ids: string[], priorityOnly: boolean) => {
    const now = Date.now();
    const rows = await store.messagesByIds(db, ids);
    const level = await contentLevel();
    const subscribed = await store.roomSubscriptions(db, [...new Set(rows.map((r) => r.room_id))], now);
    const wanted = rows.flatMap((row) => {
      const attributes = JSON.parse(row.attributes) as TMessageAttributes;
      if (row.removed || attributes.systemMessage) return [];
      const notified = new Set(attributes.important ? (attributes.notify ?? []) : []);
      // One room's subscriptions serve each of its messages in the batch: each leaves out its own author.
      const candidates = (subscribed.get(row.room_id) ?? []).filter(
        (r) =>
          r.userId !== row.author_id &&
          // Clinical safety: a priority message reaches those it notifies through mute and Do not disturb.
          (notified.has(r.userId) || (!priorityOnly && !r.muted && !r.doNotDisturb)),
      );
      return candidates.length > 0 ? [{ row, attributes, notified, candidates }] : [];
    });
    if (wanted.length > 0) {
      const visible = await deps.visibleUsers([...new Set(wanted.flatMap((w) => w.candidates.map((c) => c.userId)))]);
      const pushedFor = wanted.map((w) => ({ ...w, recipients: w.candidates.filter((c) => !visible.has(c.userId)) }));
      const badges = await store.unreadRooms(db, [
        ...new Set(pushedFor.flatMap((w) => w.recipients.map((r) => r.userId))),
      ]);
      const pushes: OnePush[] = [];
      for (const { row, attributes, notified, recipients } of pushedFor) {
        const media = row.media ? (JSON.parse(row.media) as { files?: unknown[]; voice?: unknown }) : null;
        const facts: Omit<MessageFacts, 'level'> = {
          roomId: row.room_id,
          messageId: row.id,
          roomName: row.room_type === 'group' ? row.room_name : null,
          sender: senderName(row),
          body: level === 'text' ? crypto.open(row.body) : '',
          hasFiles: (media?.files?.length ?? 0) > 0,
          hasVoice: Boolean(media?.voice),
        };
        for (const r of recipients) {
          const urgent = notified.has(r.userId) && attributes.level === 'URGENT';
          const payload = messagePayload(
            { ...facts, level: notified.has(r.userId) ? (urgent ? 'URGENT' : 'IMPORTANT') : 'normal' },
            level,
            toLanguage(r.language),
            badges.get(r.userId) ?? 0,
            now,
          );
          pushes.push({
            subId: r.subId,
            payload,
            delivery: delivery(payload, urgent, urgent ? URGENT_TTL : MESSAGE_TTL),
          });
        }
      }
      await queueNow(pushes, now);
    }
    for (const row of rows) {
      if ((JSON.parse(row.attributes) as TMessageAttributes).level === 'URGENT') {
        await alertingEvent(row.room_id, row.id);
      }
    }
  };

  // Sealing a push (an ECDH key pair and secret per subscription, then AES-GCM) takes about a millisecond of
  // the event loop. A burst's pushes take turns, one per turn of the loop, so messages and their acks are
  // served between any two of them rather than after dozens at once.
  let turns: Promise<void> = Promise.resolve();
  const nextTurn = () => {
    const mine = turns.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    turns = mine;
    return mine;
  };

  /** One push to one subscription; a subscription the push service no longer knows is deleted. */
  const deliver = async (job: NotificationJob, signal: AbortSignal) => {
    const sub = await store.subscriptionById(db, job.recipient);
    if (!sub) return; // unsubscribed, or its session ended, since it was queued
    await nextTurn();
    signal.throwIfAborted();
    const d = JSON.parse(job.subject ?? '{}') as Delivery;
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        crypto.open(job.text),
        {
          // Our own VAPID header (above); web-push has no key set globally, so it adds none of its own.
          headers: { Authorization: vapidAuthorization(sub.endpoint, Date.now()) },
          TTL: d.ttl,
          urgency: d.urgency,
          ...(d.topic ? { topic: d.topic } : {}),
          timeout: config.NOTIFY_TIMEOUT_SECONDS * 1000,
        },
      );
    } catch (err) {
      if (!(err instanceof WebPushError)) throw err;
      if (err.statusCode === 404 || err.statusCode === 410) {
        await store.deleteSubscription(db, sub.id);
        return;
      }
      if (err.statusCode === 429) throw new PushRetryLater(retryAfterMs(err.headers?.['retry-after'], Date.now()));
      // Any other refusal of ours (400, 403, 413) is the same next time: given up, logged.
      if (err.statusCode >= 400 && err.statusCode < 500) {
        log.warn({ job: job.id, status: err.statusCode }, 'push refused by the push service');
        return;
      }
      throw new Error(`push service answered ${err.statusCode}`);
    }
  };

  return {
    vapidPublicKey: () => config.VAPID_PUBLIC_KEY,

    subscribe: async (
      who: { userId: string; sessionId: string },
      sub: TPushSubscription,
      userAgent: string | null,
    ): Promise<TPushDevice> => {
      if (endpointProblem(sub.endpoint, config.PUSH_ALLOWED_HOSTS, config.PUSH_ALLOW_LOOPBACK)) {
        throw invalidField('endpoint', 'pushEndpointNotAllowed', {}, 'PUSH_ENDPOINT_NOT_ALLOWED');
      }
      if (!isP256Point(sub.keys.p256dh)) throw invalidField('keys.p256dh', 'pushKeyNotP256');
      const now = Date.now();
      // Counted and saved in one transaction, the user's row locked first: two browsers subscribing at once
      // must not both find room for the tenth device.
      const saved = await db.transaction().execute(async (trx) => {
        await store.lockUser(trx, who.userId, deps.engine);
        if ((await store.countOthers(trx, who.userId, sub.endpoint)) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) {
          throw conflict('pushTooManyDevices', 'PUSH_TOO_MANY_DEVICES');
        }
        return store.saveSubscription(trx, {
          id: newId(now),
          user_id: who.userId,
          session_id: who.sessionId,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          label: deviceLabel(userAgent),
          created_at: now,
        });
      });
      return { id: saved.id, label: saved.label, createdAt: Number(saved.created_at), current: true };
    },

    unsubscribe: (userId: string, endpoint: string) => store.deleteByEndpoint(db, userId, endpoint),

    devices: async (userId: string, sessionId: string): Promise<TPushDevice[]> =>
      (await store.devicesOf(db, userId)).map((d) => ({
        id: d.id,
        label: d.label,
        createdAt: Number(d.created_at),
        current: d.session_id === sessionId,
      })),

    removeDevice: async (userId: string, id: string) => {
      if (!(await store.deleteDevice(db, userId, id))) throw notFound();
    },

    /** A test notification to this session's devices. */
    sendTest: async (userId: string, sessionId: string, lang: TLanguage) => {
      const subs = await store.sessionSubscriptions(db, sessionId);
      if (subs.filter((s) => s.user_id === userId).length === 0) {
        throw conflict('pushNotSubscribed', 'PUSH_NOT_SUBSCRIBED');
      }
      const payload = testPayload(lang, Date.now());
      await queueNow(subs.map((s) => ({ subId: s.id, payload, delivery: delivery(payload, false, 300) })));
    },

    contentLevel,
    setContentLevel: (level: TPushContentLevel) => writeSetting(db, 'pushContentLevel', level),

    /**
     * In the message writer's transaction: one job that decides, after commit, who is pushed for these; none
     * when no member of their rooms has a subscription (the job would find nobody, and its claim and mark are
     * writes every other room's commit waits behind). Returns whether it queued one.
     */
    queueMessages: async (
      trx: Db,
      messages: readonly { id: string; twId: string }[],
      now: number,
      o: { priorityOnly?: boolean } = {},
    ) => {
      const rooms = await store.roomsWithSubscribers(trx, [...new Set(messages.map((m) => m.twId))]);
      const messageIds = messages.filter((m) => rooms.has(m.twId)).map((m) => m.id);
      if (messageIds.length === 0) return false;
      await jobs.enqueue(
        trx,
        [
          {
            kind: 'push-fanout' as const,
            recipient: 'messages',
            text: JSON.stringify({ ids: messageIds, priorityOnly: o.priorityOnly === true }),
          },
        ],
        now,
      );
      return true;
    },

    /** The notification worker's way in for push jobs. */
    handle: async (job: NotificationJob, signal: AbortSignal) => {
      if (job.kind === 'push') return deliver(job, signal);
      const { ids, priorityOnly } = JSON.parse(job.text) as { ids: string[]; priorityOnly: boolean };
      await fanOutMessages(ids, priorityOnly);
    },

    /**
     * After a call changed: a ringing push to everyone it starts ringing for (high urgency, 60 s), and one that
     * closes it for everyone it stops ringing for (answered elsewhere, declined, missed, ended). Rung on every
     * device, visible tab or not: a ringing desktop says nothing about the phone in the pocket.
     */
    callChanged: async (before: TCall | null, after: TCall) => {
      const was = new Map((before?.participants ?? []).map((p) => [p.id, p]));
      const ringing = (p: TCall['participants'][number]) => after.status !== 'ended' && p.status === 'ringing';
      const start = after.participants.filter(
        (p) => ringing(p) && (was.get(p.id)?.status !== 'ringing' || was.get(p.id)?.ringingSince !== p.ringingSince),
      );
      const stop = (before?.participants ?? []).filter(
        (p) => p.status === 'ringing' && !after.participants.some((q) => q.id === p.id && ringing(q)),
      );
      if (start.length === 0 && stop.length === 0) return;
      const now = Date.now();
      const [level, room] = await Promise.all([contentLevel(), store.roomOf(db, after.twId)]);
      const caller = after.participants.find((p) => p.id === after.initializerId)?.fullName ?? '';
      const make = (ended: boolean) => (_: string, lang: TLanguage) => {
        const payload = callPayload(
          { roomId: after.twId, callId: after.id, caller, roomName: room?.type === 'group' ? room.name : null, ended },
          level,
          lang,
          now,
        );
        return { payload, delivery: delivery(payload, true, CALL_TTL) };
      };
      await queueNow(
        [
          ...(await toUsers(
            start.map((p) => p.id),
            make(false),
            now,
          )),
          ...(await toUsers(
            stop.map((p) => p.id),
            make(true),
            now,
          )),
        ],
        now,
      );
    },

    /** In an URGENT message's transaction: its recipients will be alerted again until they acknowledge. */
    startRepeats: async (trx: Db, m: TMessage, now: number) => {
      if (m.attributes.level !== 'URGENT' || config.URGENT_REPEAT_MAX === 0) return;
      const userIds = (m.attributes.notify ?? []).filter((id) => id !== m.author);
      await store.startRepeats(trx, { messageId: m.id, roomId: m.twId, userIds, firstAt: now + repeatMs });
    },

    /** In the acknowledgement's transaction. */
    stopRepeats: (trx: Db, messageId: string, userId: string, now: number) =>
      store.stopRepeats(trx, messageId, [userId], now),

    /** After an acknowledgement: the alert is closed on every device of theirs, the sender's strip updated. */
    acknowledged: async (m: TMessage, userId: string) => {
      if (m.attributes.level !== 'URGENT') return;
      const now = Date.now();
      await queueNow(
        await urgentToUsers(
          [userId],
          () => ({
            kind: 'urgent',
            tag: urgentTag(m.id),
            title: '',
            body: '',
            roomId: m.twId,
            messageId: m.id,
            close: true,
            sentAt: now,
          }),
          now,
        ),
        now,
      );
      await alertingEvent(m.twId, m.id);
    },

    /** The escalation sweep notified these recipients again: by push too, through mute and DND. */
    escalated: async (m: TMessage, userIds: string[]) => {
      const now = Date.now();
      const level = await contentLevel();
      const pushes = await urgentToUsers(
        userIds,
        (_, lang, badge) =>
          escalationPayload({ roomId: m.twId, messageId: m.id, sender: m.authorName }, level, lang, badge, now),
        now,
      );
      await queueNow(pushes, now);
    },

    /**
     * Repeats due at `now` (jobs/urgent-repeat.ts; tests pass a time ahead): each recipient still a member is
     * alerted again in every tab (UrgentRepeat: sound and vibration) and by push on every device, visible tab
     * or not (two minutes without an acknowledgement say nobody is looking); the room hears who still is.
     * Returns whom it alerted.
     */
    repeatDue: async (now = Date.now()) => {
      const claimed = await store.claimDueRepeats(db, now, repeatMs, config.URGENT_REPEAT_MAX);
      const alerted: { messageId: string; userId: string; count: number }[] = [];
      if (claimed.length === 0) return alerted;
      const byMessage = new Map<string, typeof claimed>();
      for (const r of claimed) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
      const level = await contentLevel();
      const messages = new Map((await store.messagesByIds(db, [...byMessage.keys()])).map((m) => [m.id, m]));
      const pushes: OnePush[] = [];
      for (const [messageId, rows] of byMessage) {
        const m = messages.get(messageId);
        const roomId = rows[0]!.room_id;
        const members =
          m && !m.removed
            ? await store.activeMembers(
                db,
                roomId,
                rows.map((r) => r.user_id),
              )
            : new Set();
        const still = rows.filter((r) => members.has(r.user_id));
        const gone = rows.filter((r) => !members.has(r.user_id)).map((r) => r.user_id);
        if (gone.length > 0) await store.stopRepeats(db, messageId, gone, now);
        if (!m || still.length === 0) continue;
        const count = new Map(still.map((r) => [r.user_id, r.count]));
        for (const r of still) {
          deps.publish(
            SERVER_EVENTS.UrgentRepeat,
            { twId: roomId, messageId, count: r.count, max: config.URGENT_REPEAT_MAX },
            { users: [r.user_id] },
          );
        }
        alerted.push(...still.map((r) => ({ messageId, userId: r.user_id, count: r.count })));
        pushes.push(
          ...(await urgentToUsers(
            [...count.keys()],
            (userId, lang, badge) =>
              repeatPayload(
                {
                  roomId,
                  messageId,
                  sender: senderName(m),
                  count: count.get(userId)!,
                  max: config.URGENT_REPEAT_MAX,
                },
                level,
                lang,
                badge,
                now,
              ),
            now,
          )),
        );
      }
      await queueNow(pushes, now);
      for (const [messageId, rows] of byMessage) await alertingEvent(rows[0]!.room_id, messageId);
      return alerted;
    },

    /** Subscriptions whose session ended by running out (not revoked): deleted now and then. */
    sweepEnded: (now = Date.now()) => store.deleteEndedSessionSubscriptions(db, now),
  };
}

export type PushService = ReturnType<typeof createPushService>;
