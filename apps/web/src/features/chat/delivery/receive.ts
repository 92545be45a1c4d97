import type { TChatRoom, TMessage } from '@rounds/contracts/chat';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session-store';
import { CHAT_ROOMS_KEY, chatRoomsInFlight, refreshChatRooms } from '../api/get-chat-rooms';
import { lastSeqOf } from '../lib/merge-messages';
import { applyMessage } from '../lib/rooms-cache';
import { useChatView } from '../stores/chat-view';
import { useMessages } from '../stores/messages';
import { useOutbox } from '../stores/outbox';
import { useTyping } from '../stores/typing';
import { catchUpRoom } from './catch-up';
import { windowFocused } from './focus';

export type TReceived = { own: boolean; open: boolean; readNow: boolean; room: TChatRoom | undefined };

/**
 * A stored message, from the socket or a send's acknowledgement: one path for both, so the second copy
 * changes nothing. Updates the room's messages (if loaded), settles this user's pending send with the same
 * clientId, ends its author's typing line, and moves the room's line in the list.
 */
export function receiveMessage(message: TMessage): TReceived {
  const me = useSession.getState().user?.id;
  const { twId } = message;
  const own = message.author !== null && message.author === me;

  const loaded = useMessages.getState().rooms[twId];
  if (loaded) {
    const last = lastSeqOf(loaded.messages);
    // A hole before this one (events missed while the socket was briefly down): fetch what lies between.
    // Removed messages leave holes too; that costs one small request that finds nothing.
    if (last > 0 && message.seq > last + 1) void catchUpRoom(twId, last);
    useMessages.getState().add(twId, [message]);
  }
  if (own) useOutbox.getState().settle(message.clientId);
  if (message.author) useTyping.getState().stopped(twId, message.author);

  const view = useChatView.getState();
  const open = view.onRecent && view.openTwId === twId;
  const readNow = open && windowFocused();
  let room: TChatRoom | undefined;
  let unknown = false;
  queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => {
    if (!rooms) return rooms;
    const next = applyMessage(rooms, message, { me, readNow });
    if (!next) {
      unknown = true;
      return rooms;
    }
    room = next.find((r) => r.twId === twId);
    return next;
  });
  // A room the list does not have yet (created elsewhere a moment ago), or a list answer still on its way that
  // predates this message: fetch the list again.
  if (unknown || chatRoomsInFlight()) void refreshChatRooms();
  return { own, open, readNow, room };
}
