import { chatPath } from '@rounds/contracts/routes';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { callAction } from '../../features/calls/call-actions';
import { NOTIFICATION_CLICK, type TNotificationClickMessage } from '../../sw/messages';
import { ANSWER_PARAM } from '../../sw/notification-options';

/**
 * What a click on a push notification asks of an open tab (the service worker focuses it and says what was
 * clicked): open the room, and for a call answer or decline it with this tab's session. A tab the worker opened
 * for a call's Accept comes with ?answer=1 on the room's address, answered here once signed in.
 */
export function useNotificationClicks(userId: string | undefined): void {
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as TNotificationClickMessage | undefined;
      if (message?.type !== NOTIFICATION_CLICK) return;
      const roomId = message.data.roomId;
      if (!roomId) {
        void navigate('/');
        return;
      }
      if (message.action === 'decline') {
        void callAction('CallDecline', { twId: roomId });
        return;
      }
      void navigate(chatPath(roomId));
      if (message.action === 'accept') void callAction('CallAccept', { twId: roomId, audioOnly: false });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [userId, navigate]);

  useEffect(() => {
    if (!userId) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(ANSWER_PARAM) !== '1') return;
    const roomId = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    url.searchParams.delete(ANSWER_PARAM);
    void navigate(`${url.pathname}${url.search}`, { replace: true });
    if (roomId) void callAction('CallAccept', { twId: roomId, audioOnly: false });
  }, [userId, navigate]);
}
