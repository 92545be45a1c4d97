/**
 * What this browser can do about notifications, from what it exposes: the Notifications panel shows the switch,
 * the iOS steps, or why it cannot (pure, so the rules are tested without a browser).
 */
export type TPushSupport =
  | { kind: 'supported'; permission: NotificationPermission }
  /** iPhone and iPad: Web Push only for an app added to the Home Screen (iOS 16.4 and later). */
  | { kind: 'ios-home-screen' }
  | { kind: 'unsupported' };

export type TPushEnvironment = {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS presents itself as a Mac, with a touch screen. */
  maxTouchPoints: number;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | undefined;
  /** Opened from the Home Screen or as an installed app (display-mode: standalone, or iOS's navigator.standalone). */
  standalone: boolean;
};

export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(env: TPushEnvironment): TPushSupport {
  const capable = env.hasServiceWorker && env.hasPushManager && env.hasNotification;
  if (isAppleMobile(env.userAgent, env.maxTouchPoints) && !env.standalone) return { kind: 'ios-home-screen' };
  if (!capable) return { kind: 'unsupported' };
  return { kind: 'supported', permission: env.permission ?? 'default' };
}

/** The VAPID key as PushManager.subscribe takes it: the bytes of its base64url text. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made for this key (a server with new VAPID keys needs a new one). */
export function sameKey(subscriptionKey: ArrayBuffer | null, serverKey: Uint8Array): boolean {
  if (!subscriptionKey) return false;
  const mine = new Uint8Array(subscriptionKey);
  return mine.length === serverKey.length && mine.every((byte, i) => byte === serverKey[i]);
}
