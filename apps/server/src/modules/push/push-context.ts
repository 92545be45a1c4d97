import { type TLanguage, toLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TPushPayload } from '@rounds/contracts/push';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { MessageCrypto } from '../../lib/message-crypto';
import type { Publish } from '../../realtime/publish';
import { memberIds } from '../chat/rooms.store';
import type { NotificationJobs } from '../notify/notification-jobs.store';
import { readSetting } from '../settings/settings.service';
import { topicOf } from './push.rules';
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
export type Delivery = { urgency: 'normal' | 'high'; ttl: number; topic: string };
export const MESSAGE_TTL = 12 * 3600;
export const URGENT_TTL = 3600;
/** A call rings for 60 s: a push delivered later would ring for a call long gone. */
export const CALL_TTL = 60;

export type OnePush = { subId: string; payload: TPushPayload; delivery: Delivery };

export const delivery = (payload: TPushPayload, urgent: boolean, ttl: number): Delivery => ({
  urgency: urgent ? 'high' : 'normal',
  ttl,
  topic: topicOf(payload.tag),
});

export const senderName = (m: { first_name: string | null; last_name: string | null }) =>
  [m.first_name, m.last_name].filter(Boolean).join(' ');

/** What push's actions share (push.service composes them; one file per action or family of actions). */
export function createPushContext(deps: PushDeps) {
  const { db, jobs, crypto } = deps;
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

  return {
    ...deps,
    repeatMs: deps.config.URGENT_REPEAT_SECONDS * 1000,
    contentLevel,
    queueNow,
    toUsers,
    urgentToUsers,
    alertingEvent,
  };
}

export type PushContext = ReturnType<typeof createPushContext>;
