import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { useEffect } from 'react';
import { onSocketConnect, request } from '../../../lib/socket';

/**
 * Tells the server whether this tab is in front of its user (TabVisibility), when it changes and after every
 * (re)connection, which starts a new socket the server knows nothing of: a message is pushed to a user only when
 * none of their tabs is visible. A lost event is sent again by the next change or reconnection.
 */
export function useTabVisibility(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const send = () => {
      void request(CLIENT_EVENTS.TabVisibility, { visible: document.visibilityState === 'visible' }).catch(
        () => undefined,
      );
    };
    send();
    const offConnect = onSocketConnect(send);
    document.addEventListener('visibilitychange', send);
    return () => {
      offConnect();
      document.removeEventListener('visibilitychange', send);
    };
  }, [userId]);
}
