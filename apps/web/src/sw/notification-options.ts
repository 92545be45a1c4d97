import type { TPushPayload } from '@rounds/contracts/push';
import { chatPath } from '@rounds/contracts/routes';

/** The action ids of a ringing call's notification; the click handler reads them back. */
export const CALL_ACTIONS = { accept: 'accept', decline: 'decline' } as const;

/** A room opened with this query parameter answers the call ringing there (a call's Accept, no tab open). */
export const ANSWER_PARAM = 'answer';

/** What the notification's click needs to know, kept on the notification itself (no other storage). */
export type TNotificationData = { kind: TPushPayload['kind']; roomId?: string; callId?: string };

/** The labels of a call's buttons, in the language the service worker can see (navigator.language). */
const CALL_LABELS = {
  en: { accept: 'Accept', decline: 'Decline' },
  fr: { accept: 'Accepter', decline: 'Refuser' },
} as const;

export type TShownNotification = {
  title: string;
  options: NotificationOptions & {
    actions?: { action: string; title: string }[];
    renotify?: boolean;
    timestamp?: number;
  };
};

/**
 * A push as the device shows it. URGENT messages sound again even when they replace the room's notification
 * (renotify) and, like calls, stay until the user acts (requireInteraction); calls carry Accept and Decline.
 */
export function notificationFor(payload: TPushPayload, language: string): TShownNotification {
  const ringing = payload.kind === 'call';
  const urgent = payload.kind === 'urgent' || payload.kind === 'escalation';
  const labels = language.toLowerCase().startsWith('fr') ? CALL_LABELS.fr : CALL_LABELS.en;
  const data: TNotificationData = { kind: payload.kind, roomId: payload.roomId, callId: payload.callId };
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      data,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      timestamp: payload.sentAt,
      renotify: urgent,
      requireInteraction: ringing || urgent,
      ...(ringing
        ? {
            actions: [
              { action: CALL_ACTIONS.accept, title: labels.accept },
              { action: CALL_ACTIONS.decline, title: labels.decline },
            ],
          }
        : {}),
    },
  };
}

/**
 * The page a click opens when no tab of the app is open: the notification's room (a call's Accept answers
 * there), else the home page. Decline opens nothing: without a tab there is no session to decline with, and
 * the call stops ringing on its own (missed after 60 s).
 */
export function clickTarget(data: TNotificationData | undefined, action: string): string | null {
  if (data?.kind === 'call' && action === CALL_ACTIONS.decline) return null;
  if (!data?.roomId) return '/';
  const path = chatPath(data.roomId);
  return data.kind === 'call' && action === CALL_ACTIONS.accept ? `${path}?${ANSWER_PARAM}=1` : path;
}
