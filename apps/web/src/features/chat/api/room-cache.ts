import type { TChatRoom } from '@rounds/contracts/chat';
import type { QueryClient } from '@tanstack/react-query';
import { chatRoomKey } from '../../../api/get-chat-room';
import { patchRoom, withoutRoom } from '../lib/rooms-cache';
import { useMessages } from '../stores/messages';
import { CHAT_ROOMS_KEY } from './get-chat-rooms';

// What a room mutation's reply changes in the cache at once, without waiting for the socket's event.

/** The room is gone for this user (deleted, left): out of the room list and of the messages held. */
export function forgetRoom(queryClient: QueryClient, twId: string) {
  queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && withoutRoom(rooms, twId));
  useMessages.getState().drop(twId);
}

/** The room changed: its line in the room list and the room itself, wherever they are cached. */
export function patchCachedRoom(queryClient: QueryClient, twId: string, patch: Partial<TChatRoom>) {
  queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && patchRoom(rooms, twId, patch));
  queryClient.setQueryData<TChatRoom | null>(chatRoomKey(twId), (room) => room && { ...room, ...patch });
}
