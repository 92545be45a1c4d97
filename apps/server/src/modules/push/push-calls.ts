import type { TCall } from '@rounds/contracts/calls';
import { callPayload } from './push.rules';
import * as store from './push.store';
import { CALL_TTL, delivery, type PushContext } from './push-context';

/**
 * After a call changed: a ringing push to everyone it starts ringing for (high urgency, 60 s), and one that
 * closes it for everyone it stops ringing for (answered elsewhere, declined, missed, ended). Rung on every
 * device, visible tab or not: a ringing desktop says nothing about the phone in the pocket.
 */
export function callChanged(ctx: PushContext) {
  const { db, contentLevel, queueNow, toUsers } = ctx;
  return async (before: TCall | null, after: TCall) => {
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
    const stopped = new Set(stop.map((p) => p.id));
    // One read of subscriptions and badges for both: nobody starts and stops ringing in the same change.
    const pushes = await toUsers(
      [...start, ...stop].map((p) => p.id),
      (userId, lang) => {
        const payload = callPayload(
          {
            roomId: after.twId,
            callId: after.id,
            caller,
            roomName: room?.type === 'group' ? room.name : null,
            ended: stopped.has(userId),
          },
          level,
          lang,
          now,
        );
        return { payload, delivery: delivery(payload, true, CALL_TTL) };
      },
      now,
    );
    await queueNow(pushes, now);
  };
}
