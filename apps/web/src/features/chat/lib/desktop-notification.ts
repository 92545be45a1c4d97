import { messageTag } from '@rounds/contracts/push';
import { notificationFor, type TShownNotification } from '../../../sw/notification-options';

/**
 * Desktop notifications (the Notification API) for messages the user cannot see. Permission is asked only by
 * Settings' "Notify me on this device" switch, after the sentence that says why (docs/decisions.md).
 */
function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

type TDesktopNotification = {
  title: string;
  body: string;
  roomId: string;
  messageId: string;
  urgent: boolean;
  sentAt: number;
  icon?: string;
  onClick: () => void;
};

/**
 * The notification a push for this message would show (tag, urgency, click data), shown through the service
 * worker when one controls the page, as a push is. This tab is hidden, so the server pushes the same message to
 * this device too: with the same tag and options, whichever comes second replaces the first and the device shows
 * one notification, alike either way. A click then goes through the worker, which hands it to this tab (app/pwa)
 * to open the room. Without a worker (development, a browser without one), the page's own Notification.
 */
export function showDesktopNotification(o: TDesktopNotification): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  const { title, options } = notificationFor(
    {
      kind: o.urgent ? 'urgent' : 'message',
      tag: messageTag(o.roomId, o.messageId, o.urgent),
      title: o.title,
      body: o.body,
      roomId: o.roomId,
      messageId: o.messageId,
      sentAt: o.sentAt,
    },
    navigator.language,
  );
  const shown: TShownNotification = { title, options: { ...options, icon: o.icon ?? options.icon } };
  const worker = navigator.serviceWorker;
  if (worker?.controller) {
    void worker.ready
      .then((registration) => registration.showNotification(shown.title, shown.options))
      .catch(() => showPageNotification(shown, o.onClick));
    return;
  }
  showPageNotification(shown, o.onClick);
}

function showPageNotification({ title, options }: TShownNotification, onClick: () => void): void {
  try {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker: the in-app badge still shows it.
  }
}
