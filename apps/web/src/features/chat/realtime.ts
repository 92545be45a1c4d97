import type { TCallPermissionsChanged } from '@rounds/contracts/calls';
import { missedCallFor, type TChatRoom, type TMessage } from '@rounds/contracts/chat';
import type { TPresenceEvent } from '@rounds/contracts/contacts';
import { SERVER_EVENTS, type TServerEventPayload } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import { chatRoomKey } from '../../api/get-chat-room';
import { i18n } from '../../lib/i18n';
import { subscribePresence } from '../../lib/presence';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { onSocketConnect, subscribe } from '../../lib/socket';
import { emitDeliveredMessage } from './api/delivered-message';
import { clearChatFileUrls } from './api/get-chat-file';
import { CHAT_ROOMS_KEY, refreshChatRooms } from './api/get-chat-rooms';
import { notePendingUrgent, PENDING_URGENT_KEY } from './api/get-pending-urgent';
import { seenByRoomKey } from './api/get-seen-by';
import { catchUpAll } from './delivery/catch-up';
import { flushOutbox } from './delivery/outbox-sender';
import { markRead, resetReadMarkers } from './delivery/read-marker';
import { receiveMessage } from './delivery/receive';
import { releaseTray } from './delivery/uploads';
import { ackSummary } from './lib/acknowledgements';
import { alertFor } from './lib/alerts';
import { showDesktopNotification } from './lib/desktop-notification';
import { playMessageSound, unlockSound, vibrateUrgent } from './lib/message-sound';
import {
  applyCallPermissions,
  applyOthersRead,
  applyOwnRead,
  applyPresence,
  patchRoom,
  withoutRoom,
} from './lib/rooms-cache';
import { useAttachments } from './stores/attachments';
import { useChatView } from './stores/chat-view';
import { useMessages } from './stores/messages';
import { useOutbox } from './stores/outbox';
import { useTyping } from './stores/typing';
import { useUnreadRooms } from './stores/unread-rooms';
import { useUrgentReminders } from './stores/urgent-reminders';
import './chat-texts';

const ROOM_EVENTS = [
  SERVER_EVENTS.ConversationCreated,
  SERVER_EVENTS.ChatRoomUpdated,
  SERVER_EVENTS.ConversationUpdated,
] as const;
const GESTURES = ['pointerdown', 'keydown'] as const;

type TChatRealtimeOptions = {
  /** Opens a room in Recent (a click on a desktop notification); the app's router does the navigating. */
  openRoom: (twId: string) => void;
};

const me = () => useSession.getState().user?.id;

function updateRooms(update: (rooms: TChatRoom[]) => TChatRoom[]): void {
  queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && update(rooms));
}

function updateRoom(twId: string, update: (room: TChatRoom) => TChatRoom): void {
  updateRooms((rooms) => patchRoom(rooms, twId, update));
  queryClient.setQueryData<TChatRoom | null>(chatRoomKey(twId), (room) => room && update(room));
}

function refetchRoom(twId: string): void {
  void refreshChatRooms();
  void queryClient.invalidateQueries({ queryKey: chatRoomKey(twId) });
}

/**
 * The chat's socket events (doc 2 section 7), whatever page is showing. Each payload arrives parsed with its
 * contract (lib/socket subscribe); a malformed one never arrives. Messages go through delivery/receive (one path with the send's
 * acknowledgement); the rest updates the room list in place or refetches it. After every (re)connection
 * the outbox is sent again and every loaded room catches up from its last seq. Returns the unsubscribe.
 */
export function onChat({ openRoom }: TChatRealtimeOptions): () => void {
  const userId = me();
  if (userId) useOutbox.getState().keepOnly(userId);

  /**
   * An URGENT message this user must acknowledge: it joins the pending list, which every signed-in screen
   * shows until it is acknowledged (urgent-everywhere.tsx, Recent's own), and the sound plays even if muted.
   * No toast: the card in the page's flow is the notice, and a toast would only cover the room's header.
   */
  const urgentAlert = (message: TMessage, reminder: boolean) => {
    const summary = ackSummary(message, me());
    if (!summary.mayAcknowledge || summary.level !== 'URGENT') return;
    notePendingUrgent(message, me());
    if (reminder) useUrgentReminders.getState().note(message.id);
    playMessageSound();
    vibrateUrgent();
  };

  /** A priority message that notifies this user reached this tab: its sender's grid shows it delivered. */
  const reportDelivered = (message: TMessage) => {
    const userNow = me();
    if (message.attributes.important && userNow && message.attributes.notify?.includes(userNow)) {
      emitDeliveredMessage(message.twId, message.seq);
    }
  };

  const onNewMessage = (message: TMessage) => {
    const { own, readNow, room } = receiveMessage(message);
    const missedCall = missedCallFor(message.attributes, me());
    if (own || (message.attributes.systemMessage && !missedCall)) return;
    reportDelivered(message);
    urgentAlert(message, false);

    // Open but not focused: it stays unread until the window gets focus back (hooks/use-mark-read.ts).
    if (readNow) markRead(message.twId, message.seq, { delayMs: TIMINGS.readMarkerDelayMs, requireFocus: true });
    if (!useChatView.getState().onRecent) useUnreadRooms.getState().add(message.twId);
    // A missed call is unread like a message (issue 9); its ringing already made the sound.
    if (missedCall) return;

    const user = useSession.getState().user;
    const alert = alertFor(message, {
      me: user?.id,
      playSound: user?.settings.playNotificationSound ?? false,
      chatStatus: user?.chatStatus,
      muted: room?.muted ?? false,
      hidden: document.visibilityState === 'hidden',
    });
    if (alert.sound) playMessageSound();
    if (alert.desktop) {
      const group = room?.type === 'group';
      showDesktopNotification({
        title: room?.name ?? message.authorName,
        // Never the text: desktop notifications show on locked and shared screens, and messages carry patient
        // details. The room name and the sender are enough to know where to look.
        body: group
          ? i18n.t('chat:notification.newMessageFrom', { name: message.authorName })
          : i18n.t('chat:notification.newMessage'),
        roomId: message.twId,
        messageId: message.id,
        urgent: message.attributes.level === 'URGENT',
        sentAt: message.timetoken,
        icon: room?.avatar?.path,
        onClick: () => openRoom(message.twId),
      });
    }
  };

  /** ImportantMarked, Acknowledged: the message's new attributes replace it where it is shown. */
  const onMessageUpdated = ({ twId, message }: TServerEventPayload<'ImportantMarked'>) => {
    useMessages.getState().add(twId, [message]);
    updateRooms((rooms) =>
      patchRoom(rooms, twId, (room) =>
        room.lastMessage?.id === message.id ? { ...room, lastMessage: message } : room,
      ),
    );
    notePendingUrgent(message, me());
    if (ackSummary(message, me()).mayAcknowledge && message.author !== me()) urgentAlert(message, false);
    // An open acknowledgement grid of this room follows who has acknowledged.
    void queryClient.invalidateQueries({ queryKey: seenByRoomKey(twId) });
  };

  /** Marked important after it was sent: it may now notify this user, and it has reached this tab. */
  const onImportantMarked = (payload: TServerEventPayload<'ImportantMarked'>) => {
    onMessageUpdated(payload);
    if (payload.message.author !== me()) reportDelivered(payload.message);
  };

  // Every re-alert of an unacknowledged URGENT message comes through urgentAlert: the sound, the vibration and
  // the reminder mark. UrgentRepeat (every 2 minutes until acknowledged, issue 24) names the message only: the
  // pending list has it; one not there yet (a tab that has not read the list) still sounds, and the list is read.
  const onUrgentRepeat = ({ messageId }: TServerEventPayload<'UrgentRepeat'>) => {
    const pending = queryClient.getQueryData<TMessage[]>(PENDING_URGENT_KEY)?.find((m) => m.id === messageId);
    if (pending) return urgentAlert(pending, true);
    useUrgentReminders.getState().note(messageId);
    playMessageSound();
    vibrateUrgent();
    void queryClient.invalidateQueries({ queryKey: PENDING_URGENT_KEY });
  };

  const onUrgentReminder = ({ twId, message }: TServerEventPayload<'UrgentReminder'>) => {
    useMessages.getState().add(twId, [message]);
    urgentAlert(message, true);
  };

  const onTyping = ({ twId, userId: typist, fullName }: TServerEventPayload<'Typing'>) => {
    if (typist === me()) return;
    useTyping.getState().typing(twId, typist, fullName);
  };

  const onRemoved = ({ twId, messageId, seq }: TServerEventPayload<'MessageRemoved'>) => {
    useMessages.getState().remove(twId, messageId);
    // The server counts it out of the unread of those who had not read it yet; so does the list.
    updateRooms((rooms) =>
      patchRoom(rooms, twId, (room) =>
        seq > room.lastReadSeq && room.unreadCount > 0 ? { ...room, unreadCount: room.unreadCount - 1 } : room,
      ),
    );
    const rooms = queryClient.getQueryData<TChatRoom[]>(CHAT_ROOMS_KEY);
    // The list's snippet showed the removed message: the server knows what the last one is now.
    if (rooms?.some((room) => room.twId === twId && room.lastMessage?.id === messageId)) refetchRoom(twId);
  };

  const onRead = ({ twId, userId: reader, seq, unreadCount }: TServerEventPayload<'Read'>) => {
    if (reader === me()) {
      // This user read it, here or in another tab: the count follows everywhere.
      updateRooms((rooms) => applyOwnRead(rooms, twId, seq, unreadCount));
      return;
    }
    // Someone else read: my read ticks move, and an open seen-by list of this room refreshes.
    updateRoom(twId, (room) => applyOthersRead([room], twId, seq)[0] ?? room);
    void queryClient.invalidateQueries({ queryKey: seenByRoomKey(twId) });
  };

  const onRoomEvent = ({ twId }: TServerEventPayload<'ChatRoomUpdated'>) => refetchRoom(twId);

  const onRoomDeleted = ({ twId, archived, by }: TServerEventPayload<'ChatRoomDeleted'>) => {
    if (archived) {
      // The owner deleted the group: it stays, read-only, 'archived by {name}'.
      updateRoom(twId, (room) => ({ ...room, archived: true, archivedBy: by }));
      refetchRoom(twId);
      return;
    }
    updateRooms((rooms) => withoutRoom(rooms, twId));
    queryClient.setQueryData(chatRoomKey(twId), null);
    useMessages.getState().drop(twId);
  };

  /** A change to the people of the rooms: the list and every open room follow it. */
  const updatePeople = (apply: (rooms: readonly TChatRoom[]) => TChatRoom[]) => {
    updateRooms(apply);
    for (const query of queryClient.getQueriesData<TChatRoom | null>({ queryKey: ['chat', 'room'] })) {
      const [key, room] = query;
      if (room) queryClient.setQueryData(key, apply([room])[0]);
    }
  };

  const onPresence = (event: TPresenceEvent) => {
    const userNow = me();
    updatePeople((rooms) => applyPresence(rooms, event, userNow));
  };

  // A room mate's voice or video permission changed: the call buttons follow (doc 2 section 6). Changed for
  // many at once: the rooms are read again.
  const onCallPermissions = ({ userId, voice, video }: TCallPermissionsChanged) => {
    if (userId === null) {
      void refreshChatRooms();
      void queryClient.invalidateQueries({ queryKey: ['chat', 'room'] });
      return;
    }
    updatePeople((rooms) => applyCallPermissions(rooms, { userId, voice, video }));
  };

  const onConnect = () => {
    // Sign-in, reload or reconnection: URGENT messages still waiting for this user come up again.
    void queryClient.invalidateQueries({ queryKey: PENDING_URGENT_KEY });
    flushOutbox();
    void catchUpAll();
  };

  const onGesture = () => {
    unlockSound();
    for (const name of GESTURES) window.removeEventListener(name, onGesture, { capture: true });
  };

  const off = [
    subscribe(SERVER_EVENTS.NewMessage, onNewMessage),
    subscribe(SERVER_EVENTS.Typing, onTyping),
    subscribe(SERVER_EVENTS.ImportantMarked, onImportantMarked),
    subscribe(SERVER_EVENTS.Acknowledged, onMessageUpdated),
    subscribe(SERVER_EVENTS.UrgentReminder, onUrgentReminder),
    subscribe(SERVER_EVENTS.UrgentRepeat, onUrgentRepeat),
    subscribe(SERVER_EVENTS.MessageRemoved, onRemoved),
    subscribe(SERVER_EVENTS.Read, onRead),
    subscribe(SERVER_EVENTS.ChatRoomDeleted, onRoomDeleted),
    ...ROOM_EVENTS.map((name) => subscribe(name, onRoomEvent)),
    subscribePresence(onPresence),
    subscribe(SERVER_EVENTS.CallPermissionsChanged, onCallPermissions),
    onSocketConnect(onConnect),
  ];
  for (const name of GESTURES) window.addEventListener(name, onGesture, { capture: true, passive: true });

  return () => {
    for (const unsubscribe of off) unsubscribe();
    for (const name of GESTURES) window.removeEventListener(name, onGesture, { capture: true });
    // Signed out or another user: nothing of this user's conversations stays in memory.
    useMessages.getState().clear();
    useTyping.getState().clear();
    useUnreadRooms.getState().reset();
    resetReadMarkers();
    for (const twId of new Set(useAttachments.getState().files.map((file) => file.twId))) releaseTray(twId);
    clearChatFileUrls();
    queryClient.removeQueries({ queryKey: ['chat'] });
  };
}
