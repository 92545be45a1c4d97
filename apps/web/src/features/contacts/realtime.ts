import type { TContact, TPresenceEvent } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { CONTACTS_KEY } from '../../api/get-contacts';
import { subscribePresence } from '../../lib/presence';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { onSocketConnect, subscribe } from '../../lib/socket';
import { withPresence } from './lib/presence';

/**
 * Presence from the server (spec doc 1 section 3): UserOnline, UserOffline and ChatStatusChanged
 * {userId, chatStatus, connected}, or several in a PresenceBatch; told for room mates and, while a contact list
 * is on screen (lib/presence usePresenceWatch), for everyone. Every cached contact list is updated in place; the user's own status
 * (the status menu, the away timer) follows the same events, from this tab or any other. After a reconnect
 * the lists are fetched again, since events sent meanwhile were missed. Returns the unsubscribe function.
 */
export function onPresence(): () => void {
  const listener = (event: TPresenceEvent) => {
    queryClient.setQueriesData<TContact[]>({ queryKey: CONTACTS_KEY }, (list) => withPresence(list, event));

    const session = useSession.getState();
    // The own user going offline means this tab lost its socket: it keeps showing the status it chose.
    if (session.user?.id === event.userId && event.connected && session.user.chatStatus !== event.chatStatus) {
      session.setUser({ ...session.user, chatStatus: event.chatStatus });
    }
  };
  const resync = () => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });

  const off = [
    subscribePresence(listener),
    onSocketConnect(resync),
    // A newcomer finished verification: the lists are fetched again to include them.
    subscribe(SERVER_EVENTS.NewRegisteredContact, resync),
  ];
  return () => {
    for (const unsubscribe of off) unsubscribe();
  };
}
