import type { TLanguage } from '@rounds/contracts/common';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, type TPushDevice, type TPushSubscription } from '@rounds/contracts/push';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { deviceLabel, endpointProblem, isP256Point, testPayload } from './push.rules';
import * as store from './push.store';
import { delivery, type PushContext } from './push-context';

export function subscribe(ctx: PushContext) {
  const { db, config } = ctx;
  return async (
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
      await store.lockUser(trx, who.userId, ctx.engine);
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
  };
}

export const unsubscribe = (ctx: PushContext) => (userId: string, endpoint: string) =>
  store.deleteByEndpoint(ctx.db, userId, endpoint);

export function devices(ctx: PushContext) {
  const { db } = ctx;
  return async (userId: string, sessionId: string): Promise<TPushDevice[]> =>
    (await store.devicesOf(db, userId)).map((d) => ({
      id: d.id,
      label: d.label,
      createdAt: Number(d.created_at),
      current: d.session_id === sessionId,
    }));
}

export function removeDevice(ctx: PushContext) {
  const { db } = ctx;
  return async (userId: string, id: string) => {
    if (!(await store.deleteDevice(db, userId, id))) throw notFound();
  };
}

/** A test notification to this session's devices. */
export function sendTest(ctx: PushContext) {
  const { db, queueNow } = ctx;
  return async (userId: string, sessionId: string, lang: TLanguage) => {
    const subs = await store.sessionSubscriptions(db, sessionId);
    if (subs.filter((s) => s.user_id === userId).length === 0) {
      throw conflict('pushNotSubscribed', 'PUSH_NOT_SUBSCRIBED');
    }
    const payload = testPayload(lang, Date.now());
    await queueNow(subs.map((s) => ({ subId: s.id, payload, delivery: delivery(payload, false, 300) })));
  };
}
