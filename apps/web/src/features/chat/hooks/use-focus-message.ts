import type { TMessage } from '@rounds/contracts/chat';
import { CHAT_LIMITS } from '@rounds/contracts/chat';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { getMessages } from '../api/get-messages';
import { useChatView } from '../stores/chat-view';
import { useMessages } from '../stores/messages';

/** How long a linked message stays marked. */
const HIGHLIGHT_MS = 4_000;

/**
 * The message a link asked for (chat-view focus), in the open room: fetched if it is older than what is
 * held (POST /chat-room/messages {twId, msgId}: the page ending at it and everything after, so nothing is
 * left out between), then scrolled to the middle of the list and marked for a few seconds. Returns the id
 * marked, if any.
 */
export function useFocusMessage(
  twId: string,
  messages: readonly TMessage[] | undefined,
  logRef: RefObject<HTMLDivElement | null>,
): string | null {
  const focus = useChatView((s) => (s.focus?.twId === twId ? s.focus.messageId : null));
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const fetched = useRef<string | null>(null);
  const found = focus !== null && (messages?.some((m) => m.id === focus) ?? false);

  useEffect(() => {
    if (!focus || !messages) return;
    if (found) {
      useChatView.getState().setFocus(null);
      setHighlighted(focus);
      // After the list has laid out the page just added (and its own scroll keeping) runs.
      requestAnimationFrame(() => {
        const row = logRef.current?.querySelector(`[data-row-id="${focus}"]`);
        row?.scrollIntoView({ block: 'center' });
      });
      return;
    }
    if (fetched.current === focus) {
      // Asked for and still not there (removed since): nothing to show.
      useChatView.getState().setFocus(null);
      return;
    }
    fetched.current = focus;
    getMessages({ twId, msgId: focus, limit: CHAT_LIMITS.messagesPageMax }, { toast: false })
      .then((page) => {
        if (!page.messages.some((m) => m.id === focus)) useChatView.getState().setFocus(null);
        else useMessages.getState().addOlder(twId, page.messages, page.hasMore);
      })
      .catch(() => useChatView.getState().setFocus(null));
  }, [focus, found, messages, twId, logRef]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
