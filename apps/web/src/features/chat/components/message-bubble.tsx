import { Button, VisuallyHidden } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import {
  IconAlertTriangle,
  IconCheck,
  IconChecks,
  IconClock,
  IconFlag,
  IconMicrophone,
  IconPhoto,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { discardSend, retrySend } from '../delivery/outbox-sender';
import { ackSummary } from '../lib/acknowledgements';
import { formatTime } from '../lib/format-time';
import type { TOutboxEntry } from '../lib/outbox-entry';
import { useRoomSlots } from '../room-slots';
import classes from './chat.module.css';
import { MessageImages } from './message-images';
import { PriorityStatus } from './priority-status';
import { VoicePlayer } from './voice-player';
import '../chat-texts';

type TMessageBubbleProps = {
  message: TMessage;
  own: boolean;
  /** My message, read by everyone else in the room (the read tick). */
  read?: boolean;
  showAuthor: boolean;
  selected: boolean;
  language: TLanguage;
  me: string | undefined;
  /** A member's name by id, for the acknowledgement lists. */
  nameOf: (userId: string) => string;
  /** Reached through a link (?rs=): marked for a moment so the eye finds it. */
  highlighted?: boolean;
  onSelect: (message: TMessage) => void;
};

/**
 * A stored message. The bubble is a toggle button: selecting it opens the action bar (copy, delete, seen by).
 * The author is always in its accessible name, even where the screen does not repeat it.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  read = false,
  showAuthor,
  selected,
  language,
  me,
  nameOf,
  highlighted,
  onSelect,
}: TMessageBubbleProps) {
  const { t } = useTranslation('chat');
  const time = formatTime(message.timetoken, language);
  const summary = ackSummary(message, me);
  const urgent = summary.level === 'URGENT';
  // A holder writing in a duty role's room speaks as the role (issue 25): "Ravi Roy as Cardiology on call".
  const speaker = message.asRole
    ? own
      ? t('message.youAsRole', { role: message.asRole })
      : t('message.asRole', { name: message.authorName, role: message.asRole })
    : message.authorName;
  const slots = useRoomSlots();
  return (
    <div
      className={classes.messageRow}
      data-own={own || undefined}
      data-first={showAuthor || undefined}
      data-highlighted={highlighted || undefined}
      data-row-id={message.id}
    >
      {showAuthor && (
        <span className={classes.author} aria-hidden>
          {speaker}
        </span>
      )}
      {message.files.length > 0 && <MessageImages files={message.files} own={own} />}
      {message.voice && <VoicePlayer fileKey={message.voice.key} duration={message.voice.duration} own={own} />}
      <button
        type="button"
        className={classes.bubble}
        aria-pressed={selected}
        onClick={() => onSelect(message)}
        data-message-id={message.id}
        data-priority={summary.priority ? summary.level : undefined}
        data-open-urgent={(urgent && summary.notified.length > 0 && !summary.complete) || undefined}
        // Only images or a voice note above it: the bubble is then just its time, not an empty box.
        data-bare={(!message.body && !summary.priority) || undefined}
      >
        <VisuallyHidden>{message.asRole || !own ? speaker : t('message.you')}: </VisuallyHidden>
        {summary.priority && (
          <span className={classes.priorityBadge} data-level={summary.level}>
            {urgent ? <IconAlertTriangle size={12} aria-hidden /> : <IconFlag size={12} aria-hidden />}
            {urgent ? t('priority.urgent') : t('priority.important')}
          </span>
        )}
        {message.body && <span className={classes.body}>{message.body}</span>}
        {!message.body && (message.files.length > 0 || message.voice) && (
          <VisuallyHidden>
            {message.voice ? t('voice.note') : t('files.images', { count: message.files.length })}
          </VisuallyHidden>
        )}
        <span className={classes.meta}>
          <time dateTime={new Date(message.timetoken).toISOString()}>{time}</time>
          {own && (
            // Sent (one tick) or read by everyone else (two): at a glance, Seen by has the who and when.
            <span className={classes.readTick} data-read={read || undefined} data-testid="read-tick">
              {read ? <IconChecks size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
              <VisuallyHidden>{read ? t('message.read') : t('message.sent')}</VisuallyHidden>
            </span>
          )}
        </span>
      </button>
      {summary.priority && (
        <PriorityStatus message={message} summary={summary} own={own} me={me} language={language} nameOf={nameOf} />
      )}
      {urgent && own && message.attributes.escalation && slots.ownUrgentFooter(message)}
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
        {entry.level && (
          <span className={classes.priorityBadge} data-level={entry.level}>
            {entry.level === 'URGENT' ? t('priority.urgent') : t('priority.important')}
          </span>
        )}
        {(entry.files?.length ?? 0) > 0 && (
          <span className={classes.pendingExtra}>
            <IconPhoto size={14} aria-hidden />
            {t('files.images', { count: entry.files?.length ?? 0 })}
          </span>
        )}
        {entry.voice && (
          <span className={classes.pendingExtra}>
            <IconMicrophone size={14} aria-hidden />
            {t('voice.note')}
          </span>
        )}
        {entry.body && <span className={classes.body}>{entry.body}</span>}
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
          {entry.fallsTo && (
            <Button size="compact-xs" variant="filled" color="red" onClick={() => retrySend(entry.clientId, true)}>
              {t('message.sendToTarget', { target: entry.fallsTo })}
            </Button>
          )}
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
