import { create } from 'zustand';

/**
 * Where each room's history begins when the hospital's retention policy removed older messages (issue 27): the
 * time the server answers with a history page. Apart from the messages store, which four sources feed: only
 * pages carry it.
 */
export const useRetainedFrom = create<{ rooms: Record<string, number> }>()(() => ({ rooms: {} }));

export function noteRetainedFrom(twId: string, at: number | undefined): void {
  if (at === undefined || useRetainedFrom.getState().rooms[twId] === at) return;
  useRetainedFrom.setState((s) => ({ rooms: { ...s.rooms, [twId]: at } }));
}
