import type { TNotificationData } from './notification-options';

/** What the service worker tells an open tab when one of its notifications is clicked. */
export type TNotificationClickMessage = {
  type: 'rounds:notification-click';
  action: 'open' | 'accept' | 'decline';
  data: TNotificationData;
};

export const NOTIFICATION_CLICK = 'rounds:notification-click';

/**
 * A tab lets a new build take over (at the next navigation, never mid-call): the message workbox-window's
 * messageSkipWaiting() sends.
 */
export const SKIP_WAITING = 'SKIP_WAITING';
