import type { TChatRoom } from '@rounds/contracts/chat';
import { TIMINGS } from '@rounds/contracts/limits';
import { queryClient } from '../../../lib/query-client';
import { CHAT_ROOMS_KEY } from '../api/get-chat-rooms';
import { emitReadMessage } from '../api/read-message';
import { applyOwnRead } from '../lib/rooms-cache';
import { windowFocused } from './focus';

type TMarker = { sentSeq: number; sentAt: number; wantedSeq: number; timer?: ReturnType<typeof setTimeout> };
const markers = new Map<string, TMarker>();

type TMarkOptions = {
  /** An incoming message in the open room is read TIMINGS.readMarkerDelayMs later (spec doc 1 section 4). */
  delayMs?: number;
  /** Send only if the window still has focus when the time comes (the user may have looked away). */
  requireFocus?: boolean;
};

/**
 * Marks a room read up to seq. The first mark goes at once (opening a room), later ones are gathered and
 * sent at most every TIMINGS.markAsReadDebounceMs with the highest seq (spec: mark-as-read debounced 4 s),
 * so a busy room does not cost a message per message. The list's unread count drops as soon as the read is
 * decided; the server's Read event then confirms it in every tab.
 */
export function markRead(twId: string, seq: number, { delayMs = 0, requireFocus = false }: TMarkOptions = {}): void {
  // Decided now (the user is looking at it): the list says read at once, whatever the pacing of the send.
  if (!requireFocus) showRead(twId, seq);
  const marker = markers.get(twId) ?? { sentSeq: 0, sentAt: Number.NEGATIVE_INFINITY, wantedSeq: 0 };
  markers.set(twId, marker);
  if (seq <= marker.wantedSeq && seq <= marker.sentSeq) return;
  marker.wantedSeq = Math.max(marker.wantedSeq, seq);
  if (marker.timer) return;
  const wait = Math.max(delayMs, marker.sentAt + TIMINGS.markAsReadDebounceMs - Date.now(), 0);
  const send = () => {
    marker.timer = undefined;
    if (marker.wantedSeq <= marker.sentSeq) return;
    if (requireFocus && !windowFocused()) return;
    marker.sentSeq = marker.wantedSeq;
    marker.sentAt = Date.now();
    emitReadMessage(twId, marker.sentSeq);
    showRead(twId, marker.sentSeq);
  };
  if (wait === 0) send();
  else marker.timer = setTimeout(send, wait);
}

function showRead(twId: string, seq: number): void {
  queryClient.setQueryData<TChatRoom[]>(CHAT_ROOMS_KEY, (rooms) => rooms && applyOwnRead(rooms, twId, seq, undefined));
}

/** Signed out: nothing pending is sent for the next user of this tab. */
export function resetReadMarkers(): void {
  for (const marker of markers.values()) clearTimeout(marker.timer);
  markers.clear();
}
