import type { TPushContentLevel } from '@rounds/contracts/push';
import type { NotificationJob } from '../notify/notification-jobs.store';
import { writeSetting } from '../settings/settings.service';
import * as store from './push.store';
import { callChanged } from './push-calls';
import { createPushContext, type PushDeps } from './push-context';
import { pushDelivery } from './push-delivery';
import { devices, removeDevice, sendTest, subscribe, unsubscribe } from './push-devices';
import { fanOutMessages, queueMessages } from './push-fan-out';
import { acknowledged, escalated, repeatDue, startRepeats, stopRepeats } from './push-urgent';

/**
 * Web Push (issue 24): this account's subscriptions, per session, and who is pushed for what. Nothing here is
 * awaited by the message writer: it queues one fan-out job in its transaction, the notification worker runs
 * it (who is pushed, with what), and each push is then its own job, retried with backoff, sent with web-push.
 * One file per action or family (push-*.ts) over a shared context.
 */
export function createPushService(deps: PushDeps) {
  const ctx = createPushContext(deps);
  const deliver = pushDelivery(ctx);
  const fanOut = fanOutMessages(ctx);
  return {
    vapidPublicKey: () => deps.config.VAPID_PUBLIC_KEY,
    subscribe: subscribe(ctx),
    unsubscribe: unsubscribe(ctx),
    devices: devices(ctx),
    removeDevice: removeDevice(ctx),
    sendTest: sendTest(ctx),
    contentLevel: ctx.contentLevel,
    setContentLevel: (level: TPushContentLevel) => writeSetting(deps.db, 'pushContentLevel', level),
    queueMessages: queueMessages(ctx),

    /** The notification worker's way in for push jobs. */
    handle: async (job: NotificationJob, signal: AbortSignal) => {
      if (job.kind === 'push') return deliver(job, signal);
      const { ids, priorityOnly } = JSON.parse(job.text) as { ids: string[]; priorityOnly: boolean };
      await fanOut(ids, priorityOnly);
    },

    callChanged: callChanged(ctx),
    startRepeats: startRepeats(ctx),
    stopRepeats,
    acknowledged: acknowledged(ctx),
    escalated: escalated(ctx),
    repeatDue: repeatDue(ctx),

    /** Subscriptions whose session ended by running out (not revoked): deleted now and then. */
    sweepEnded: (now = Date.now()) => store.deleteEndedSessionSubscriptions(deps.db, now),
  };
}

export type PushService = ReturnType<typeof createPushService>;
