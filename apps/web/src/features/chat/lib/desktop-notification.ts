/**
 * Desktop notifications (the Notification API) for messages the user cannot see. Permission is asked on
 * the first click or key press after sign-in, never on load: browsers ignore or penalise a prompt nobody
 * asked for, and a clinician should see the question as a consequence of using the app.
 */
export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function askNotificationPermission(): void {
  if (!notificationsSupported() || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

type TDesktopNotification = { title: string; body: string; tag: string; icon?: string; onClick: () => void };

export function showDesktopNotification({ title, body, tag, icon, onClick }: TDesktopNotification): void {
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    // One notification per room (tag): a burst of messages replaces the previous one instead of piling up.
    const notification = new Notification(title, { body, tag, icon });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker: the in-app badge still shows it.
  }
}
