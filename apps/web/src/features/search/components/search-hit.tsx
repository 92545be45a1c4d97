import { Badge, UnstyledButton } from '@mantine/core';
import type { TSearchHit } from '@rounds/contracts/search';
import { IconMicrophone, IconPaperclip } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import list from '../../../components/virtual-list.module.css';
import { highlightSegments } from '../lib/highlight';
import classes from './search.module.css';
import '../search-texts';

type TSearchHitProps = {
  hit: TSearchHit;
  me: string | undefined;
  onOpen: (twId: string, messageId: string) => void;
};

/** A result's time: the day and time, the year when it is not this one. */
export function hitTime(at: number, language: string): string {
  const date = new Date(at);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    day: 'numeric',
    month: 'short',
    ...(thisYear ? {} : { year: 'numeric' }),
    // HH:mm in French (spec doc 1 section 9), h:mm A otherwise.
    hour: language === 'fr' ? '2-digit' : 'numeric',
    minute: '2-digit',
  }).format(date);
}

function Marked({ text, ranges }: { text: string; ranges: TSearchHit['ranges'] }) {
  return highlightSegments(text, ranges).map((part, i) =>
    part.hit ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
      <mark key={i} className={classes.mark}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

/** One message found: its room and time, who said it, the text with the matched words marked, its files. */
export const SearchHit = memo(function SearchHit({ hit, me, onOpen }: TSearchHitProps) {
  const { t, i18n } = useTranslation('search');
  const { message, room } = hit;
  const sender = message.author === null ? t('system') : message.author === me ? t('you') : message.authorName;
  const level = message.attributes.important ? (message.attributes.level ?? 'IMPORTANT') : null;
  const matchedFiles = new Map(hit.fileRanges.map((f) => [f.index, f.ranges]));
  const files = message.files.filter((_, i) => matchedFiles.has(i) || !message.body);
  return (
    <UnstyledButton
      className={`${list.row} ${classes.hit}`}
      onClick={() => onOpen(room.id, message.id)}
      data-message-id={message.id}
    >
      <span className={`${list.rowText} ${classes.hitText}`}>
        <span className={list.rowLine}>
          <span className={list.rowName}>{room.name}</span>
          {level && (
            <Badge size="xs" variant="light" color={level === 'URGENT' ? 'red' : 'orange'}>
              {t(level === 'URGENT' ? 'urgent' : 'important')}
            </Badge>
          )}
          <span className={list.rowTime}>{hitTime(message.timetoken, i18n.language)}</span>
        </span>
        {message.body && (
          <span className={classes.body}>
            <span className={classes.sender}>{sender}: </span>
            <Marked text={message.body} ranges={hit.ranges} />
          </span>
        )}
        {files.map((file) => {
          const index = message.files.indexOf(file);
          return (
            <span key={file.key} className={classes.file}>
              <IconPaperclip size={12} stroke={1.8} aria-hidden />
              {!message.body && <span className={classes.sender}>{sender}: </span>}
              <span className={list.ellipsis}>
                <Marked text={file.name} ranges={matchedFiles.get(index) ?? []} />
              </span>
            </span>
          );
        })}
        {message.voice && !message.body && (
          <span className={classes.file}>
            <IconMicrophone size={12} stroke={1.8} aria-hidden />
            <span className={classes.sender}>{sender}: </span>
            {t('voiceNote')}
          </span>
        )}
      </span>
    </UnstyledButton>
  );
});
