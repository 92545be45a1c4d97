import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ackSummary } from '../lib/acknowledgements';
import { snippet } from '../lib/snippet';
import { useChatView } from '../stores/chat-view';
import { useMessages } from '../stores/messages';
import classes from './chat.module.css';
import '../chat-texts';

const PREVIEW_MAX = 48;
const NONE: readonly TMessage[] = [];

/**
 * Above the composer: my URGENT messages in this room that not everyone has acknowledged yet, with where
 * each stands ('0 of 1 acknowledged'), live from the Acknowledged events. Always in view however far the
 * list has scrolled; a click brings the message up. Gone once everyone has acknowledged.
 */
export function UrgentStatusStrip({ twId, me }: { twId: string; me: string }) {
  const { t } = useTranslation('chat');
  const messages = useMessages((s) => s.rooms[twId]?.messages ?? NONE);
  const waiting = useMemo(
    () =>
      messages
        .filter((m) => m.author === me && m.attributes.level === 'URGENT')
        .map((m) => ({ message: m, summary: ackSummary(m, me) }))
        .filter(({ summary }) => summary.notified.length > 0 && !summary.complete),
    [messages, me],
  );
  if (waiting.length === 0) return null;

  return (
    <div className={classes.urgentStrip} role="status" data-testid="urgent-strip">
      {waiting.map(({ message, summary }) => (
        <UnstyledButton
          key={message.id}
          className={classes.urgentStripItem}
          data-message-id={message.id}
          onClick={() => useChatView.getState().setFocus({ twId, messageId: message.id })}
          // Named by what it shows (status and message) and then where it leads: a speech-input user says
          // what they see (WCAG 2.5.3).
        >
          <IconAlertTriangle size={15} aria-hidden className={classes.urgentStripIcon} />
          <span className={classes.urgentStripStatus}>
            {t('urgent.strip', {
              status: t('priority.progress', { count: summary.acknowledged.length, total: summary.notified.length }),
            })}
          </span>
          {message.body && <span className={classes.urgentStripBody}>{snippet(message.body, PREVIEW_MAX)}</span>}
          <VisuallyHidden>. {t('urgent.jump')}</VisuallyHidden>
        </UnstyledButton>
      ))}
    </div>
  );
}
