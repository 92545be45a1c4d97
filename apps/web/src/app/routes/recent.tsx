import { ROUTES } from '@rounds/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { prefetchDirectory } from '../../api/get-contacts';
import { CallBar } from '../../features/calls/components/call-bar';
import { RoomCallButtons } from '../../features/calls/components/room-call-buttons';
import { useChatRooms } from '../../features/chat/api/get-chat-rooms';
import { RecentScreen, type TMessageSearchSlot } from '../../features/chat/components/recent-screen';
import { RoomSlotsProvider, type TRoomSlots } from '../../features/chat/room-slots';
import { SlotLogo } from '../../features/settings/components/slot-logo';
import { usePageTitle } from '../../lib/use-page-title';

// Message search (and its date picker) loads when the search box is first turned to messages.
const MessageSearch = lazy(() =>
  import('../../features/search/components/message-search').then((m) => ({ default: m.MessageSearch })),
);
const MESSAGE_SEARCH: TMessageSearchSlot = (props) => (
  <Suspense fallback={null}>
    <MessageSearch {...props} />
  </Suspense>
);

// The escalation timeline under one's URGENT messages comes with the on-call feature, loaded when one is shown.
const EscalationTimeline = lazy(() =>
  import('../../features/on-call/components/escalation-timeline').then((m) => ({ default: m.EscalationTimeline })),
);

// An open room's call buttons and ongoing-call bar come from the calls feature.
const ROOM_SLOTS: TRoomSlots = {
  callButtons: (room, me, writable) => <RoomCallButtons room={room} me={me} writable={writable} />,
  callBar: (twId) => <CallBar twId={twId} />,
  ownUrgentFooter: (message) => (
    <Suspense fallback={null}>
      <EscalationTimeline messageId={message.id} />
    </Suspense>
  ),
};

/**
 * Recent chats, the home screen (spec doc 1 section 2). The route composes the chat feature with the
 * panel logo of the app settings, message search in its search box, and an open room with the calls feature's
 * buttons and bar (features do not import each other). The ?rs= linked-message parameter is the chat feature's own (hooks/use-linked-message.ts).
 */
export function RecentRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.recent'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Recent loads the chat rooms and the contacts on opening (spec doc 1 section 2). The directory is asked for
  // once the rooms have arrived, so Contacts and the group modal then open from the cache: at hospital size it is
  // the longest answer the app waits for (bench/web), and on a phone's network it would otherwise share the
  // bandwidth with the room list the nurse is waiting for (a fixed 300 ms used to start it before the list).
  const roomsArrived = useChatRooms().isSuccess;
  useEffect(() => {
    if (!roomsArrived) return;
    const timer = setTimeout(() => void prefetchDirectory(queryClient), 300);
    return () => clearTimeout(timer);
  }, [queryClient, roomsArrived]);
  return (
    <RoomSlotsProvider value={ROOM_SLOTS}>
      <RecentScreen
        logo={<SlotLogo slot="recent" height={32} withWordmark />}
        onStart={() => void navigate(ROUTES.contacts)}
        messageSearch={MESSAGE_SEARCH}
      />
    </RoomSlotsProvider>
  );
}
