import { chatPath, ROUTES } from '@rounds/contracts/routes';
import { useEffect } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { showAppBadge, unreadRoomCount } from '../../../lib/app-badge';
import { useTitleAlert } from '../../../lib/title-alert';
import { useReservedHeight } from '../../../lib/use-reserved-height';
import { useChatRooms } from '../api/get-chat-rooms';
import { usePendingUrgent } from '../api/get-pending-urgent';
import classes from './chat.module.css';
import { PendingUrgent } from './pending-urgent';

/**
 * An URGENT message waiting for this user's acknowledgement is visible on every signed-in screen until it is
 * acknowledged (issue 28: signed in again on Contacts, a nurse saw nothing for 15 minutes): the card at the
 * top of the page (Recent places its own beside the list or above the room) and the tab's title. Mounted by
 * the app's layout for signed-in users, it also keeps the app icon's badge: rooms with unread messages, the
 * rule the pushes' badge follows too (lib/app-badge).
 */
export default function UrgentEverywhere() {
  const pending = usePendingUrgent();
  const count = pending.data?.length ?? 0;
  const onRecent = useMatch(ROUTES.recent) !== null;
  const inRoom = useMatch(ROUTES.chat) !== null;
  const shown = count > 0 && !onRecent && !inRoom;
  const rooms = useChatRooms();
  const unreadRooms = unreadRoomCount(rooms.data);
  const navigate = useNavigate();
  const ref = useReservedHeight<HTMLDivElement>('--app-urgent-height', shown);

  useEffect(() => {
    useTitleAlert.getState().setUrgent(count);
  }, [count]);
  useEffect(() => {
    void showAppBadge(unreadRooms);
  }, [unreadRooms]);
  // Signed out: nothing of this user's stays in the title or on the icon.
  useEffect(
    () => () => {
      useTitleAlert.getState().setUrgent(0);
      void showAppBadge(0);
    },
    [],
  );

  if (!shown) return null;
  return (
    <div ref={ref} className={classes.appPendingUrgent}>
      <PendingUrgent rooms={rooms.data} onOpen={(twId) => void navigate(chatPath(twId))} />
    </div>
  );
}
