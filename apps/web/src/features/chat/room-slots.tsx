import type { TChatRoom, TMessage } from '@rounds/contracts/chat';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What an open room shows of other features without importing them (features are composed in app/): the
 * header's call buttons and the ongoing-call bar under it, and under one's own URGENT message its escalation
 * timeline (on-call). The chat renders these places; app/ fills them.
 */
export type TRoomSlots = {
  callButtons: (room: TChatRoom, me: string | undefined, writable: boolean) => ReactNode;
  callBar: (twId: string) => ReactNode;
  ownUrgentFooter: (message: TMessage) => ReactNode;
};

const EMPTY: TRoomSlots = { callButtons: () => null, callBar: () => null, ownUrgentFooter: () => null };

const RoomSlotsContext = createContext<TRoomSlots>(EMPTY);

export const RoomSlotsProvider = RoomSlotsContext.Provider;

export function useRoomSlots(): TRoomSlots {
  return useContext(RoomSlotsContext);
}
