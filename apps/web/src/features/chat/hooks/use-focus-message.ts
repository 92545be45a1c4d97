import type { TMessage } from '@rounds/contracts/chat';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { getMessageContext } from '../api/get-message-context';
import { catchUpRoom } from '../delivery/catch-up';
import { lastSeqOf } from '../lib/merge-messages';
import { useChatView } from '../stores/chat-view';
import { useMessages } from '../stores/messages';

/** How long a linked message stays marked. */
const HIGHLIGHT_MS = 4_000;

/**
 * The message a link or a search result asked for (chat-view focus), in the open room: fetched with the
 * messages around it if it is older than what is held (GET /search/message-context), then scrolled to the
 * middle of the list and marked for a few seconds. Between that page and what is held, the room is caught up
 * from the page's last message, so the list never has a hole. Returns the id marked, if any.
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
    getMessageContext({ twId, messageId: focus }, { toast: false })
      .then((page) => {
        if (!page.messages.some((m) => m.id === focus)) {
          useChatView.getState().setFocus(null);
          return;
        }
        useMessages.getState().addOlder(twId, page.messages, page.hasMore);
        // What was said between the page and the messages held arrives after it: the found one shows first.
        void catchUpRoom(twId, lastSeqOf(page.messages));
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
