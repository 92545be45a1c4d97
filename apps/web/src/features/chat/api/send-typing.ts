import { CHAT_LIMITS } from '@rounds/contracts/chat';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { isSocketConnected, request } from '../../../lib/socket';

const lastSent = new Map<string, number>();

/**
 * Socket Typing {twId}, at most every CHAT_LIMITS.typingThrottleMs per room while the user types: the others
 * show it for typingShownMs, so one event every 2 s keeps it on without a stream per keystroke. Not sent
 * while disconnected: a stale "is typing" after the connection returns would be wrong.
 */
export function sendTyping(twId: string, now: number = Date.now()): void {
  if (!isSocketConnected()) return;
  if (now - (lastSent.get(twId) ?? Number.NEGATIVE_INFINITY) < CHAT_LIMITS.typingThrottleMs) return;
  lastSent.set(twId, now);
  void request(CLIENT_EVENTS.Typing, { twId }).catch(() => undefined);
}

/** After a send the next keystroke announces typing again at once. */
export function resetTyping(twId: string): void {
  lastSent.delete(twId);
}
