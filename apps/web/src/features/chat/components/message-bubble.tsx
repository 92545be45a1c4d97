import { Button, VisuallyHidden } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { discardSend, retrySend } from '../delivery/outbox-sender';
import { formatTime } from '../lib/format-time';
import type { TOutboxEntry } from '../lib/outbox-entry';
import classes from './chat.module.css';

type TMessageBubbleProps = {
  message: TMessage;
  own: boolean;
  showAuthor: boolean;
  selected: boolean;
  language: TLanguage;
  onSelect: (message: TMessage) => void;
};

/**
 * A stored message. The bubble is a toggle button: selecting it opens the action bar (copy, delete, seen by).
 * The author is always in its accessible name, even where the screen does not repeat it.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  showAuthor,
  selected,
  language,
  onSelect,
}: TMessageBubbleProps) {
  const { t } = useTranslation('chat');
  const time = formatTime(message.timetoken, language);
  return (
    <div className={classes.messageRow} data-own={own || undefined} data-first={showAuthor || undefined}>
      {showAuthor && (
        <span className={classes.author} aria-hidden>
          {message.authorName}
        </span>
      )}
      <button
        type="button"
        className={classes.bubble}
        aria-pressed={selected}
        onClick={() => onSelect(message)}
        data-message-id={message.id}
      >
        <VisuallyHidden>{own ? t('message.you') : message.authorName}: </VisuallyHidden>
        <span className={classes.body}>{message.body}</span>
        <span className={classes.meta}>
          <time dateTime={new Date(message.timetoken).toISOString()}>{time}</time>
        </span>
      </button>
    </div>
  );
});

/**
 * A send the server has not confirmed: dimmed with a clock while it goes out, or red with the server's
 * reason, Retry and Discard when it was refused.
 */
export function PendingBubble({ entry, language }: { entry: TOutboxEntry; language: TLanguage }) {
  const { t } = useTranslation('chat');
  const failed = entry.error !== null;
  return (
    <div
      className={classes.messageRow}
      data-own
      data-pending={failed ? undefined : true}
      data-failed={failed || undefined}
      data-client-id={entry.clientId}
    >
      <div className={classes.bubble}>
        <VisuallyHidden>{t('message.you')}: </VisuallyHidden>
        <span className={classes.body}>{entry.body}</span>
        <span className={classes.meta}>
          {failed ? (
            <>
              <IconAlertTriangle size={12} aria-hidden />
              {t('message.failed')}
            </>
          ) : (
            <>
              <IconClock size={12} aria-hidden />
              <span>{t('message.sending')}</span>
              <VisuallyHidden>{formatTime(entry.createdAt, language)}</VisuallyHidden>
            </>
          )}
        </span>
      </div>
      {failed && (
        <div className={classes.failure} role="alert">
          <span>{entry.error}</span>
          <Button size="compact-xs" variant="light" color="red" onClick={() => retrySend(entry.clientId)}>
            {t('message.retry')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => discardSend(entry.clientId)}>
            {t('message.discard')}
          </Button>
        </div>
      )}
    </div>
  );
}
