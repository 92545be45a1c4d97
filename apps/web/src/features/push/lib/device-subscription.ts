import { ZPushSubscription } from '@rounds/contracts/push';
import { readItem, removeItem, writeItem } from '../../../lib/browser-storage';
import { getVapidPublicKey } from '../api/get-vapid-public-key';
import { deleteSubscription, saveSubscription } from '../api/subscribe';
import { base64UrlToBytes, sameKey } from './push-support';

/**
 * This browser's push subscription and the server's copy of it. The subscription belongs to the session on the
 * server (a logout removes it there); this device remembers who turned notifications on, so that person's next
 * session here is pushed to again, and nobody else's is without asking.
 */
const ENABLED_BY_KEY = 'rounds.push-enabled-by';

/** How long to wait for the service worker (none in development, or a browser that refused to register it). */
const READY_TIMEOUT_MS = 10_000;

export class PushUnavailableError extends Error {
  constructor() {
    super('no service worker to receive notifications');
    this.name = 'PushUnavailableError';
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new PushUnavailableError()), READY_TIMEOUT_MS),
  );
  return Promise.race([ready, timeout]);
}

/** The subscription for the server's current key, made anew when the server's key changed. */
async function subscription(create: boolean): Promise<PushSubscription | null> {
  const reg = await registration();
  const key = base64UrlToBytes(await getVapidPublicKey());
  let current = await reg.pushManager.getSubscription();
  if (current && !sameKey(current.options.applicationServerKey, key)) {
    await current.unsubscribe().catch(() => false);
    current = null;
  }
  if (!current && create) {
    current = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  return current;
}

/**
 * Turns notifications on for this device: the browser's permission (asked only here, after the panel said why),
 * then the subscription, given to the server for this session. Resolves to the browser's answer.
 */
export async function enableDeviceNotifications(userId: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const current = await subscription(true);
  if (!current) throw new PushUnavailableError();
  await saveSubscription(ZPushSubscription.parse(current.toJSON()));
  writeItem('local', ENABLED_BY_KEY, userId);
  return permission;
}

/** Turns them off: the server forgets the endpoint, and the browser drops the subscription. */
export async function disableDeviceNotifications(): Promise<void> {
  removeItem('local', ENABLED_BY_KEY);
  const reg = await registration();
  const current = await reg.pushManager.getSubscription();
  if (!current) return;
  await deleteSubscription(current.endpoint).catch(() => undefined);
  await current.unsubscribe().catch(() => false);
}

/**
 * At the start of a session: the person who turned notifications on here gets this session pushed to as well
 * (the server removed the last session's subscription with it). Quiet when anything is missing.
 */
export async function resumeDeviceNotifications(userId: string): Promise<void> {
  if (readItem('local', ENABLED_BY_KEY) !== userId) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const current = await subscription(true);
  if (current) await saveSubscription(ZPushSubscription.parse(current.toJSON()));
}
