import { Button, Center, Loader, Text } from '@mantine/core';
import type { TMessage } from '@rounds/contracts/chat';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRovingFocus } from '../../../lib/use-roving-focus';
import { dayStart } from '../lib/days';
import { buildTimeline } from '../lib/timeline';
import classes from './chat.module.css';
import { TimelineRows } from './timeline-rows';
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
  const items = useMemo(
    () => buildTimeline(messages, [], { me: undefined, isGroup, dayOf: dayStart }),
    [messages, isGroup],
  );
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
          <TimelineRows
            items={items}
            loaded={status === 'success'}
            hasOlder={hasOlder}
            retainedFrom={retainedFrom}
            empty={t('room.noMessagesReadOnly')}
            names={names}
            me={undefined}
            readByOthersSeq={0}
            selectedId={null}
            onSelect={noSelection}
          />
        </div>
      </div>
    </div>
  );
}
