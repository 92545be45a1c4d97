import { Button, Center, Loader, Text } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRovingFocus } from '../../../lib/use-roving-focus';
import { useMessageText } from '../hooks/use-message-text';
import { useNow } from '../hooks/use-now';
import { dayKind, dayStart } from '../lib/days';
import { formatDate } from '../lib/format-time';
import { buildTimeline } from '../lib/timeline';
import classes from './chat.module.css';
import { TimelineRow } from './timeline-row';
import '../chat-texts';

type TReadOnlyHistoryProps = {
  /** Oldest first, as the history pages come. */
  messages: readonly TMessage[];
  /** The room's name for the log's accessible name. */
  name: string;
  isGroup: boolean;
  /** Members' names by id, for the acknowledgement lists. */
  names: ReadonlyMap<string, string>;
  status: 'pending' | 'error' | 'success';
  retainedFrom?: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  loadOlderLabel: string;
};

const noSelection = () => undefined;

/**
 * A room's history drawn as the room draws it (TimelineRow), for a reader who is not a member (break-glass
 * access, issue 27): no composer, no selection, no read or delivered position sent, older pages on request.
 */
export function ReadOnlyHistory({
  messages,
  name,
  isGroup,
  names,
  status,
  retainedFrom,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  loadOlderLabel,
}: TReadOnlyHistoryProps) {
  const { t } = useTranslation('chat');
  const { language, systemLine } = useMessageText();
  const now = useNow();
  const items = useMemo(
    () => buildTimeline(messages, [], { me: undefined, isGroup, dayOf: dayStart }),
    [messages, isGroup],
  );
  const nameOf = (userId: string) => names.get(userId) ?? t('priority.formerMember');
  const dayLabel = (at: number) => {
    const kind = dayKind(at, now);
    return kind === 'date' ? formatDate(at, language, now) : t(`list.${kind}`);
  };
  const logRef = useRef<HTMLDivElement>(null);
  useRovingFocus(logRef);
  const newest = messages.at(-1)?.id;
  // Opens at the newest message, as a room does; older pages go in above without moving the reader.
  // biome-ignore lint/correctness/useExhaustiveDependencies: newest: scrolled down whenever a newer message came
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);

  return (
    <div className={`${classes.readOnlyRoom} ${classes.logWrap}`}>
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-label={t('room.log', { name })}
        aria-busy={status === 'pending' || loadingOlder}
      >
        <div className={classes.logInner}>
          {status === 'pending' && (
            <Center py="xl" role="status" aria-label={t('room.loading')}>
              <Loader size="sm" />
            </Center>
          )}
          {status === 'error' && (
            <Text fz="sm" ta="center" py="xl" role="alert">
              {t('room.loadFailed')}
            </Text>
          )}
          {hasOlder && (
            <Center py="xs">
              <Button size="xs" variant="light" loading={loadingOlder} onClick={onLoadOlder}>
                {loadOlderLabel}
              </Button>
            </Center>
          )}
          {status === 'success' && !hasOlder && retainedFrom !== undefined && (
            <p className={classes.logNote}>
              {t('room.retainedFrom', { date: formatDate(retainedFrom, language, now) })}
            </p>
          )}
          {status === 'success' && !hasOlder && retainedFrom === undefined && items.length > 0 && (
            <p className={classes.logNote}>{t('room.beginning')}</p>
          )}
          {status === 'success' && items.length === 0 && (
            <p className={classes.logNote}>{t('room.noMessagesReadOnly')}</p>
          )}
          {items.map((item) => (
            <TimelineRow
              key={item.key}
              item={item}
              language={language}
              me={undefined}
              nameOf={nameOf}
              dayLabel={dayLabel}
              systemLine={systemLine}
              readByOthersSeq={0}
              selectedId={null}
              onSelect={noSelection}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
