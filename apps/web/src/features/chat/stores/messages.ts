import type { TMessage } from '@rounds/contracts/chat';
import { create } from 'zustand';
import { mergeMessages, withoutMessage } from '../lib/merge-messages';

/**
 * The messages of every room opened in this tab, by room (twId). Kept outside the query cache because
 * four sources feed one list (first page, older pages, catch-up after a reconnect, the socket) and
 * mergeMessages makes them agree. A room not here has never been opened; the socket then only updates its
 * line in the room list.
 */
export type TRoomMessages = {
  messages: TMessage[];
  /** The server has older messages than the first one held. */
  hasOlder: boolean;
};

type TMessagesState = {
  rooms: Record<string, TRoomMessages>;
  /** The newest page of a room, on first opening it; merged with anything the socket brought meanwhile. */
  setLatest: (twId: string, messages: TMessage[], hasOlder: boolean) => void;
  addOlder: (twId: string, messages: TMessage[], hasOlder: boolean) => void;
  /** New messages (socket, acknowledgement, catch-up) for a room already loaded; ignored otherwise. */
  add: (twId: string, messages: TMessage[]) => void;
  remove: (twId: string, messageId: string) => void;
  drop: (twId: string) => void;
  clear: () => void;
};

/**
 * A loaded room's messages as `change` leaves them; the same state (no re-render) when the room is not
 * loaded or the change returns the same array.
 */
function changeLoaded(
  state: TMessagesState,
  twId: string,
  change: (messages: TMessage[]) => TMessage[],
): Pick<TMessagesState, 'rooms'> {
  const current = state.rooms[twId];
  if (!current) return state;
  const next = change(current.messages);
  if (next === current.messages) return state;
  return { rooms: { ...state.rooms, [twId]: { ...current, messages: next } } };
}

export const useMessages = create<TMessagesState>()((set) => ({
  rooms: {},
  setLatest: (twId, messages, hasOlder) =>
    set((state) => {
      const current = state.rooms[twId];
      return {
        rooms: {
          ...state.rooms,
          [twId]: {
            messages: mergeMessages(current?.messages ?? [], messages),
            hasOlder: current ? current.hasOlder && hasOlder : hasOlder,
          },
        },
      };
    }),
  addOlder: (twId, messages, hasOlder) =>
    set((state) => {
      const current = state.rooms[twId];
      if (!current) return state;
      return { rooms: { ...state.rooms, [twId]: { messages: mergeMessages(current.messages, messages), hasOlder } } };
    }),
  add: (twId, messages) => set((state) => changeLoaded(state, twId, (held) => mergeMessages(held, messages))),
  remove: (twId, messageId) => set((state) => changeLoaded(state, twId, (held) => withoutMessage(held, messageId))),
  drop: (twId) =>
    set((state) => {
      if (!state.rooms[twId]) return state;
      const { [twId]: _dropped, ...rest } = state.rooms;
      return { rooms: rest };
    }),
  clear: () => set({ rooms: {} }),
}));
