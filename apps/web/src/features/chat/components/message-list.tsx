import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TChatRoom, TMessage } from '@rounds/contracts/chat';
import { IconArrowDown, IconRefresh } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../../../lib/session-store';
import { useRovingFocus } from '../../../lib/use-roving-focus';
import { useFocusMessage } from '../hooks/use-focus-message';
import { useRoomMessages } from '../hooks/use-room-messages';
import { dayStart } from '../lib/days';
import { buildTimeline } from '../lib/timeline';
import { useOutbox } from '../stores/outbox';
import classes from './chat.module.css';
import { TimelineRows } from './timeline-rows';
import '../chat-texts';

/** Older messages load when the reader scrolls this close to the top (spec doc 1 section 9: 50 or 200 px). */
const LOAD_OLDER_WITHIN_PX = 200;
/** Within this of the bottom counts as "at the bottom": new messages then keep the view pinned there. */
const AT_BOTTOM_PX = 48;
/** The spec's scroll debounce (doc 1 section 9). */
const SCROLL_DEBOUNCE_MS = 500;

type TMessageListProps = {
  room: TChatRoom;
  selectedId: string | null;
  onSelect: (message: TMessage) => void;
};

/**
 * The conversation: day separators, others' messages on the left (with their name in groups), the user's on
 * the right, system lines centred, pending sends at the end. A role="log" region, so screen readers announce
 * what arrives. Starts at the bottom, stays there as messages arrive if the reader is there, loads older
 * messages near the top without moving what the reader is looking at. By keyboard it is one Tab stop; the
 * arrow keys move between messages (useRovingFocus).
 */
export function MessageList({ room, selectedId, onSelect }: TMessageListProps) {
  const { t } = useTranslation('chat');
  const me = useSession((s) => s.user?.id);
  const { twId } = room;
  const { messages, hasOlder, retainedFrom, status, loadingOlder, loadOlder, retry } = useRoomMessages(twId);
  const pending = useOutbox(useShallow((s) => s.entries.filter((e) => e.twId === twId && e.userId === me)));
  const names = useMemo(() => new Map(room.participants.map((p) => [p.id, p.fullName])), [room.participants]);
  const items = useMemo(
    () => buildTimeline(messages ?? [], pending, { me, isGroup: room.type === 'group', dayOf: dayStart }),
    [messages, pending, me, room.type],
  );

  const logRef = useRef<HTMLDivElement>(null);
  const highlighted = useFocusMessage(twId, messages, logRef);
  // One Tab stop for the whole history: Shift+Tab from the composer does not walk every bubble.
  useRovingFocus(logRef);
  const atBottomRef = useRef(true);
  const heightRef = useRef(0);
  const seen = useRef<{ first?: string; last?: string }>({});
  const [atBottom, setAtBottom] = useState(true);
  const firstKey = items.find((item) => item.kind !== 'day')?.key;
  const lastKey = items.at(-1)?.key;
  const lastItem = items.at(-1);
  const lastIsMine = lastItem?.kind === 'pending' || (lastItem?.kind === 'message' && lastItem.own);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const previous = seen.current;
    if (previous.first !== undefined && firstKey !== previous.first && lastKey === previous.last) {
      // Older messages went in above: move down by what they added, so the same messages stay in view.
      log.scrollTop += log.scrollHeight - heightRef.current;
    } else if (lastKey !== previous.last) {
      if (previous.last === undefined || atBottomRef.current || lastIsMine) log.scrollTop = log.scrollHeight;
    }
    seen.current = { first: firstKey, last: lastKey };
    heightRef.current = log.scrollHeight;
  }, [firstKey, lastKey, lastIsMine]);

  // The typing line, the action bar or a taller composer shrink the log: the bottom stays in view.
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) log.scrollTop = log.scrollHeight;
      heightRef.current = log.scrollHeight;
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  const checkTop = useDebouncedCallback(() => {
    const log = logRef.current;
    if (log && log.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
  }, SCROLL_DEBOUNCE_MS);

  // A first page shorter than the screen cannot be scrolled: older messages load without waiting for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items.length: measured again whenever the list grows
  useEffect(() => {
    const log = logRef.current;
    if (log && status === 'ready' && hasOlder && !loadingOlder && log.scrollHeight <= log.clientHeight) {
      void loadOlder();
    }
  }, [status, hasOlder, loadingOlder, loadOlder, items.length]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    const bottom = log.scrollHeight - log.scrollTop - log.clientHeight < AT_BOTTOM_PX;
    atBottomRef.current = bottom;
    heightRef.current = log.scrollHeight;
    setAtBottom(bottom);
    checkTop();
  };

  const jumpToLatest = () => {
    const log = logRef.current;
    if (log) log.scrollTo({ top: log.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div className={classes.logWrap}>
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-live="polite"
        aria-label={t('room.log', { name: room.name })}
        aria-busy={status === 'loading' || loadingOlder}
        onScroll={onScroll}
        style={{ overflowAnchor: 'none' }}
      >
        <div className={classes.logInner}>
          {status === 'loading' && (
            <Center py="xl" role="status" aria-label={t('room.loading')}>
              <Loader size="sm" />
            </Center>
          )}
          {status === 'error' && (
            <Stack align="center" gap="xs" py="xl" role="alert">
              <Text fz="sm">{t('room.loadFailed')}</Text>
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={retry}>
                {t('room.retry')}
              </Button>
            </Stack>
          )}
          {status === 'ready' && loadingOlder && (
            <Center py="xs" role="status" aria-label={t('room.loadingOlder')}>
              <Loader size="xs" />
            </Center>
          )}
          <TimelineRows
            items={items}
            loaded={status === 'ready'}
            hasOlder={hasOlder}
            retainedFrom={retainedFrom}
            empty={t(room.archived || room.disabled ? 'room.noMessagesReadOnly' : 'room.noMessages')}
            names={names}
            me={me}
            readByOthersSeq={room.readByOthersSeq}
            selectedId={selectedId}
            highlighted={highlighted}
            onSelect={onSelect}
          />
        </div>
      </div>
      {!atBottom && (
        <Button
          className={classes.jump}
          size="xs"
          radius="xl"
          variant="filled"
          leftSection={<IconArrowDown size={14} />}
          onClick={jumpToLatest}
        >
          {t('room.jumpToLatest')}
        </Button>
      )}
    </div>
  );
}
