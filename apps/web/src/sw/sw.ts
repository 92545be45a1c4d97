/// <reference lib="webworker" />
import { ZPushPayload } from '@rounds/contracts/push';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { showAppBadge } from '../lib/app-badge';
import { NOTIFICATION_CLICK, SKIP_WAITING, type TNotificationClickMessage } from './messages';
import { CALL_ACTIONS, clickTarget, notificationFor, type TNotificationData } from './notification-options';

/**
 * The service worker (docs/decisions.md "Installable app"). It precaches the app shell and the hashed assets the
 * build lists (self.__WB_MANIFEST), so a second visit loads its code from the device and the installed app opens
 * with no network. It caches nothing else: no API reply, no socket, no upload, nothing a person wrote. It shows
 * the pushes the server sends (ids and what the Admin's content level allows) and opens their room when clicked.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// No directory index: '/' is a page like the others (below), not the cached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

/**
 * Pages come from the server as before (a first visit's prerendered page in the reader's language, picked by the
 * server), asked for while the worker starts (navigation preload), so a worker costs a page nothing. With no
 * network, or none within NETWORK_TIMEOUT_MS, the build's own shell answers from the precache: the installed app
 * opens offline, shows the Connection_Lost overlay and recovers by itself. Either way the code comes from the
 * precache. Addresses of the server itself (files, API) are never answered with the shell.
 */
const NETWORK_TIMEOUT_MS = 4_000;
const SHELL = '/index.html';

self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await withTimeout(fetch(request), NETWORK_TIMEOUT_MS));
      } catch {
        const shell = await matchPrecache(SHELL);
        if (shell) return shell;
        throw new Error('no network and no cached shell');
      }
    },
    { denylist: [/^\/(api|server|logos|healthz|readyz|metrics)(\/|$)/] },
  ),
);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

self.addEventListener('message', (event) => {
  // A new build waits until a tab says it may take over (app/pwa: at the next navigation, never mid-call).
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

async function showPush(data: PushMessageData | null): Promise<void> {
  let json: unknown;
  try {
    json = data?.json();
  } catch {
    json = undefined;
  }
  const parsed = ZPushPayload.safeParse(json);
  if (!parsed.success) return;
  const payload = parsed.data;
  if (payload.badge !== undefined) await showAppBadge(payload.badge);
  if (payload.close) {
    for (const shown of await self.registration.getNotifications({ tag: payload.tag })) shown.close();
    return;
  }
  const { title, options } = notificationFor(payload, self.navigator.language);
  await self.registration.showNotification(title, options);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data as TNotificationData | undefined, event.action));
});

async function openFromNotification(data: TNotificationData | undefined, action: string): Promise<void> {
  const clickAction: TNotificationClickMessage['action'] =
    data?.kind === 'call' && action === CALL_ACTIONS.accept
      ? 'accept'
      : data?.kind === 'call' && action === CALL_ACTIONS.decline
        ? 'decline'
        : 'open';
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => client.focused) ?? tabs[0];
  if (tab) {
    // The open tab does it with its session and socket: opens the room, answers or declines the call.
    const message: TNotificationClickMessage = {
      type: NOTIFICATION_CLICK,
      action: clickAction,
      data: data ?? { kind: 'message' },
    };
    tab.postMessage(message);
    if (clickAction !== 'decline') await tab.focus().catch(() => undefined);
    return;
  }
  const target = clickTarget(data, action);
  if (target) await self.clients.openWindow(target);
}
