import { useEffect, useRef } from 'react';
import { getMessageLog } from '../api/get-message-log';
import { useChatView } from '../stores/chat-view';

const LOG_ID = /^[0-9a-f]{24}$/;

/**
 * ?rs=<message log id> on Recent (the link of an important message's SMS, spec doc 1 section 2): once
 * signed in, the log names the conversation and message; the room opens and the list scrolls to it
 * (hooks/use-focus-message.ts). A failed lookup is silently ignored. Either way rs leaves the address, so
 * a reload or a shared screenshot does not repeat it.
 */
export function useLinkedMessage(search: string, open: (twId: string, search: string) => void): void {
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const logId = params.get('rs');
    if (logId === null || handled.current === logId) return;
    handled.current = logId;
    params.delete('rs');
    const rest = params.toString();
    const without = rest ? `?${rest}` : '';
    if (!LOG_ID.test(logId)) {
      open('', without);
      return;
    }
    getMessageLog(logId)
      .then((log) => {
        useChatView.getState().setFocus({ twId: log.conversationId, messageId: log.messageId });
        open(log.conversationId, without);
      })
      .catch(() => open('', without));
  }, [search, open]);
}
