import {
  type TChatRoom,
  type TMessage,
  ZChatRoomDeletedEvent,
  ZEscalationEvent,
  ZMessageRemovedEvent,
  ZMessageUpdatedEvent,
  ZNewMessageEvent,
  ZReadEvent,
  ZRoomEvent,
  ZTypingEvent,
} from '@rounds/contracts/chat';
import { ZPresenceEvent } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { TIMINGS } from '@rounds/contracts/limits';
import type { Socket } from 'socket.io-client';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session-store';
import { clearChatFileUrls } from './api/get-chat-file';
import { chatRoomKey } from './api/get-chat-room';
import { CHAT_ROOMS_KEY, refreshChatRooms } from './api/get-chat-rooms';
import { seenByRoomKey } from './api/get-seen-by';
import { hideUrgentNotice, showUrgentNotice } from './components/urgent-notice';
import { catchUpAll } from './delivery/catch-up';
import { flushOutbox } from './delivery/outbox-sender';
import { markRead, resetReadMarkers } from './delivery/read-marker';
import { receiveMessage } from './delivery/receive';
import { releaseTray } from './delivery/uploads';
import { ackSummary } from './lib/acknowledgements';
import { alertFor } from './lib/alerts';
import { askNotificationPermission, showDesktopNotification } from './lib/desktop-notification';
import { playMessageSound, unlockSound } from './lib/message-sound';
import { applyOwnRead, applyPresence, patchRoom, withoutRoom } from './lib/rooms-cache';
import { useAttachments } from './stores/attachments';
import { useChatView } from './stores/chat-view';
import { useMessages } from './stores/messages';
import { useOutbox } from './stores/outbox';
import { useTyping } from './stores/typing';
import { useUnreadRooms } from './stores/unread-rooms';

const ROOM_EVENTS = [
  SERVER_EVENTS.ConversationCreated,
  SERVER_EVENTS.ChatRoomUpdated,
  SERVER_EVENTS.ConversationUpdated,
] as const;
const PRESENCE_EVENTS = [SERVER_EVENTS.UserOnline, SERVER_EVENTS.UserOffline, SERVER_EVENTS.ChatStatusChanged] as const;
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
 * The chat's socket events (doc 2 section 7), whatever page is showing. Each payload is parsed with its
 * contract; a malformed one is ignored. Messages go through delivery/receive (one path with the send's
 * acknowledgement); the rest updates the room list in place or refetches it. After every (re)connection
 * the outbox is sent again and every loaded room catches up from its last seq. Returns the unsubscribe.
 */
export function onChat(socket: Socket, { openRoom }: TChatRealtimeOptions): () => void {
  const userId = me();
  if (userId) useOutbox.getState().keepOnly(userId);

  /** An URGENT message this user must acknowledge: a notice that stays, and the sound even if muted. */
  const urgentAlert = (message: TMessage, reminder: boolean) => {
    const summary = ackSummary(message, me());
    if (!summary.mayAcknowledge || summary.level !== 'URGENT') return;
    const room = queryClient.getQueryData<TChatRoom[]>(CHAT_ROOMS_KEY)?.find((r) => r.twId === message.twId);
    showUrgentNotice(message, {
      roomName: room?.name ?? message.authorName,
      reminder,
      onOpen: () => openRoom(message.twId),
    });
    playMessageSound();
  };

  const onNewMessage = (payload: unknown) => {
    const parsed = ZNewMessageEvent.safeParse(payload);
    if (!parsed.success) return;
    const message = parsed.data;
    const { own, readNow, room } = receiveMessage(message);
    if (own || message.attributes.systemMessage) return;
    urgentAlert(message, false);

    // Open but not focused: it stays unread until the window gets focus back (hooks/use-mark-read.ts).
    if (readNow) markRead(message.twId, message.seq, { delayMs: TIMINGS.readMarkerDelayMs, requireFocus: true });
    if (!useChatView.getState().onRecent) useUnreadRooms.getState().add(message.twId);

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
        tag: message.twId,
        icon: room?.avatar?.path,
        onClick: () => openRoom(message.twId),
      });
    }
  };

  /** ImportantMarked, Acknowledged: the message's new attributes replace it where it is shown. */
  const onMessageUpdated = (payload: unknown) => {
    const parsed = ZMessageUpdatedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { twId, message } = parsed.data;
    useMessages.getState().add(twId, [message]);
    updateRooms((rooms) =>
      patchRoom(rooms, twId, (room) =>
        room.lastMessage?.id === message.id ? { ...room, lastMessage: message } : room,
      ),
    );
    // Acknowledged here or in another tab: the notice asking for it has done its job.
    if (!ackSummary(message, me()).mayAcknowledge) hideUrgentNotice(message.id);
    else if (parsed.data.message.author !== me()) urgentAlert(message, false);
  };

  const onUrgentReminder = (payload: unknown) => {
    const parsed = ZEscalationEvent.safeParse(payload);
    if (!parsed.success) return;
    useMessages.getState().add(parsed.data.twId, [parsed.data.message]);
    urgentAlert(parsed.data.message, true);
  };

  const onTyping = (payload: unknown) => {
    const parsed = ZTypingEvent.safeParse(payload);
    if (!parsed.success || parsed.data.userId === me()) return;
    useTyping.getState().typing(parsed.data.twId, parsed.data.userId, parsed.data.fullName);
  };

  const onRemoved = (payload: unknown) => {
    const parsed = ZMessageRemovedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { twId, messageId, seq } = parsed.data;
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

  const onRead = (payload: unknown) => {
    const parsed = ZReadEvent.safeParse(payload);
    if (!parsed.success) return;
    const { twId, userId: reader, seq, unreadCount } = parsed.data;
    if (reader === me()) {
      // This user read it, here or in another tab: the count follows everywhere.
      updateRooms((rooms) => applyOwnRead(rooms, twId, seq, unreadCount));
      return;
    }
    // Someone else read: an open seen-by list of this room refreshes (inactive ones wait until opened).
    void queryClient.invalidateQueries({ queryKey: seenByRoomKey(twId) });
  };

  const onRoomEvent = (payload: unknown) => {
    const parsed = ZRoomEvent.safeParse(payload);
    if (parsed.success) refetchRoom(parsed.data.twId);
  };

  const onRoomDeleted = (payload: unknown) => {
    const parsed = ZChatRoomDeletedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { twId, archived, by } = parsed.data;
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

  const onPresence = (payload: unknown) => {
    const parsed = ZPresenceEvent.safeParse(payload);
    if (!parsed.success) return;
    const userNow = me();
    updateRooms((rooms) => applyPresence(rooms, parsed.data, userNow));
    for (const query of queryClient.getQueriesData<TChatRoom | null>({ queryKey: ['chat', 'room'] })) {
      const [key, room] = query;
      if (room) queryClient.setQueryData(key, applyPresence([room], parsed.data, userNow)[0]);
    }
  };

  const onConnect = () => {
    flushOutbox();
    void catchUpAll();
  };

  const onGesture = () => {
    unlockSound();
    askNotificationPermission();
    for (const name of GESTURES) window.removeEventListener(name, onGesture, { capture: true });
  };

  socket.on(SERVER_EVENTS.NewMessage, onNewMessage);
  socket.on(SERVER_EVENTS.Typing, onTyping);
  socket.on(SERVER_EVENTS.ImportantMarked, onMessageUpdated);
  socket.on(SERVER_EVENTS.Acknowledged, onMessageUpdated);
  socket.on(SERVER_EVENTS.UrgentReminder, onUrgentReminder);
  socket.on(SERVER_EVENTS.MessageRemoved, onRemoved);
  socket.on(SERVER_EVENTS.Read, onRead);
  socket.on(SERVER_EVENTS.ChatRoomDeleted, onRoomDeleted);
  for (const name of ROOM_EVENTS) socket.on(name, onRoomEvent);
  for (const name of PRESENCE_EVENTS) socket.on(name, onPresence);
  socket.on('connect', onConnect);
  for (const name of GESTURES) window.addEventListener(name, onGesture, { capture: true, passive: true });

  return () => {
    socket.off(SERVER_EVENTS.NewMessage, onNewMessage);
    socket.off(SERVER_EVENTS.Typing, onTyping);
    socket.off(SERVER_EVENTS.ImportantMarked, onMessageUpdated);
    socket.off(SERVER_EVENTS.Acknowledged, onMessageUpdated);
    socket.off(SERVER_EVENTS.UrgentReminder, onUrgentReminder);
    socket.off(SERVER_EVENTS.MessageRemoved, onRemoved);
    socket.off(SERVER_EVENTS.Read, onRead);
    socket.off(SERVER_EVENTS.ChatRoomDeleted, onRoomDeleted);
    for (const name of ROOM_EVENTS) socket.off(name, onRoomEvent);
    for (const name of PRESENCE_EVENTS) socket.off(name, onPresence);
    socket.off('connect', onConnect);
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
