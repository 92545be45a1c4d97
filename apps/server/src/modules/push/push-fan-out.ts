import type { TMessageAttributes } from '@rounds/contracts/chat';
import { toLanguage } from '@rounds/contracts/common';
import type { Db } from '../../db/database';
import { type MessageFacts, messagePayload } from './push.rules';
import * as store from './push.store';
import { delivery, MESSAGE_TTL, type OnePush, type PushContext, senderName, URGENT_TTL } from './push-context';

/**
 * Who is pushed for stored messages (the fan-out job): see docs/decisions.md "Who is pushed". A batch of the
 * message writer is many rooms' messages: their subscriptions, visible tabs and badges are read once for all.
 */
export function fanOutMessages(ctx: PushContext) {
  const { db, crypto, contentLevel, queueNow, alertingEvent } = ctx;
  return async (ids: string[], priorityOnly: boolean) => {
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
      const visible = await ctx.visibleUsers([...new Set(wanted.flatMap((w) => w.candidates.map((c) => c.userId)))]);
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
}

/**
 * In the message writer's transaction: one job that decides, after commit, who is pushed for these; none
 * when no member of their rooms has a subscription (the job would find nobody, and its claim and mark are
 * writes every other room's commit waits behind). Returns whether it queued one.
 */
export function queueMessages(ctx: PushContext) {
  const { jobs } = ctx;
  return async (
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
  };
}
