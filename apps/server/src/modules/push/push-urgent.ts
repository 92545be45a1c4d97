import type { TMessage } from '@rounds/contracts/chat';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { urgentTag } from '@rounds/contracts/push';
import type { Db } from '../../db/database';
import { escalationPayload, repeatPayload } from './push.rules';
import * as store from './push.store';
import { type OnePush, type PushContext, senderName } from './push-context';

/** In an URGENT message's transaction: its recipients will be alerted again until they acknowledge. */
export function startRepeats(ctx: PushContext) {
  const { config, repeatMs } = ctx;
  return async (trx: Db, m: TMessage, now: number) => {
    if (m.attributes.level !== 'URGENT' || config.URGENT_REPEAT_MAX === 0) return;
    const userIds = (m.attributes.notify ?? []).filter((id) => id !== m.author);
    await store.startRepeats(trx, { messageId: m.id, roomId: m.twId, userIds, firstAt: now + repeatMs });
  };
}

/** In the acknowledgement's transaction. */
export const stopRepeats = (trx: Db, messageId: string, userId: string, now: number) =>
  store.stopRepeats(trx, messageId, [userId], now);

/** After an acknowledgement: the alert is closed on every device of theirs, the sender's strip updated. */
export function acknowledged(ctx: PushContext) {
  const { queueNow, urgentToUsers, alertingEvent } = ctx;
  return async (m: TMessage, userId: string) => {
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
  };
}

/** The escalation sweep notified these recipients again: by push too, through mute and DND. */
export function escalated(ctx: PushContext) {
  const { contentLevel, queueNow, urgentToUsers } = ctx;
  return async (m: TMessage, userIds: string[]) => {
    const now = Date.now();
    const level = await contentLevel();
    const pushes = await urgentToUsers(
      userIds,
      (_, lang, badge) =>
        escalationPayload({ roomId: m.twId, messageId: m.id, sender: m.authorName }, level, lang, badge, now),
      now,
    );
    await queueNow(pushes, now);
  };
}

/**
 * Repeats due at `now` (jobs/urgent-repeat.ts; tests pass a time ahead): each recipient still a member is
 * alerted again in every tab (UrgentRepeat: sound and vibration) and by push on every device, visible tab
 * or not (two minutes without an acknowledgement say nobody is looking); the room hears who still is.
 * Returns whom it alerted.
 */
export function repeatDue(ctx: PushContext) {
  const { db, config, contentLevel, queueNow, urgentToUsers, alertingEvent, repeatMs } = ctx;
  return async (now = Date.now()) => {
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
        ctx.publish(
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
  };
}
