import { UnstyledButton } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import type { TLanguage } from '@rounds/contracts/common';
import { IconChevronDown, IconPhone } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format-time';
import classes from './chat.module.css';
import '../chat-texts';

type TCallLinesProps = {
  messages: readonly TMessage[];
  systemLine: (message: TMessage) => string;
  language: TLanguage;
};

/**
 * One call's system lines as one line (issue 28): its latest line ('Voice call ended · 0:04'), which opens to
 * show each line with its time. Four lines per call pushed the clinical messages out of view.
 */
export function CallLines({ messages, systemLine, language }: TCallLinesProps) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const latest = messages.at(-1);
  if (!latest) return null;
  return (
    <div className={classes.callLines} data-message-id={latest.id} data-testid="call-lines">
      <UnstyledButton
        className={`${classes.system} ${classes.callSummary}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <IconPhone size={13} aria-hidden />
        <span>{systemLine(latest)}</span>
        <span> · {t('room.callLines', { count: messages.length })}</span>
        <IconChevronDown size={13} aria-hidden className={classes.callChevron} data-open={open || undefined} />
      </UnstyledButton>
      {open && (
        <ul className={classes.callList} id={listId}>
          {messages.map((message) => (
            <li key={message.id} data-message-id={message.id}>
              <time dateTime={new Date(message.timetoken).toISOString()}>
                {formatTime(message.timetoken, language)}
              </time>{' '}
              {systemLine(message)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
