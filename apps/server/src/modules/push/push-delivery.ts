import webpush, { WebPushError } from 'web-push';
import type { NotificationJob } from '../notify/notification-jobs.store';
import * as store from './push.store';
import type { Delivery, PushContext } from './push-context';

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

/** The worker's send of one push job: one VAPID header per push service, and one seal per turn of the loop. */
export function pushDelivery(ctx: PushContext) {
  const { db, config, crypto, log } = ctx;
  const vapidDetails = {
    subject: config.VAPID_SUBJECT,
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  };
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

  return deliver;
}
