import { Button } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconMessageSearch, IconMessages } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchList } from '../../../components/search-list';
import list from '../../../components/virtual-list.module.css';
import type { TListLoad } from '../../../lib/list-load';
import { usePendingUrgent } from '../api/get-pending-urgent';
import { useMessageText } from '../hooks/use-message-text';
import { useNow } from '../hooks/use-now';
import { formatDate } from '../lib/format-time';
import { groupRooms, matchesSearch, type TRoomLine, type TRoomSection, toRoomLines } from '../lib/group-rooms';
import { RoomListItem } from './room-list-item';
import '../chat-texts';

/** Narrowed by the search box, whose text it is given. */
type TRoomListProps = TListLoad & {
  rooms: readonly TChatRoom[] | undefined;
  search: string;
  selectedTwId: string | null;
  me: string | undefined;
  onSelect: (twId: string) => void;
  /** With no rooms at all: where to start one (Contacts). */
  onStart: () => void;
};

const lineKey = (line: TRoomLine) => (line.kind === 'header' ? `#${line.section.key}` : line.room.twId);
const lineSize = (line: TRoomLine) => (line.kind === 'header' ? 34 : 62);
const isHeader = (line: TRoomLine) => line.kind === 'header';

/**
 * The rooms under Favorites, Today, Yesterday and earlier dates, newest first (spec doc 1 section 2), on the
 * shared virtual list: someone in every group of a hospital still scrolls through a few dozen mounted rows.
 */
export function RoomList({ rooms, search, selectedTwId, me, onSelect, onStart, ...load }: TRoomListProps) {
  const { t } = useTranslation('chat');
  const { language } = useMessageText();
  const now = useNow();
  // The search box stays responsive: the list follows the text as soon as the browser has a moment.
  const typed = useDeferredValue(search);
  const lines = useMemo(() => {
    if (!rooms) return undefined;
    const shown = rooms.filter((room) => matchesSearch(room.name, typed));
    return toRoomLines(groupRooms(shown, now));
  }, [rooms, typed, now]);
  const pending = usePendingUrgent();
  const urgentRooms = useMemo(() => new Set((pending.data ?? []).map((m) => m.twId)), [pending.data]);

  const label = (section: TRoomSection) =>
    section.kind === 'date' ? formatDate(section.day, language, now) : t(`list.${section.kind}`);

  const narrowed = search.trim().length > 0;
  return (
    <SearchList
      items={lines}
      {...load}
      narrowed={narrowed}
      texts={t('list', { returnObjects: true })}
      icon={narrowed ? <IconMessageSearch size={28} stroke={1.5} /> : <IconMessages size={28} stroke={1.5} />}
      action={
        !narrowed && (
          <Button mt="xs" variant="light" size="xs" onClick={onStart}>
            {t('list.openContacts')}
          </Button>
        )
      }
      skeleton={{ avatar: 44 }}
      getKey={lineKey}
      estimateSize={lineSize}
      isHeader={isHeader}
      label={t('list.label')}
      landmark
      renderItem={(line) =>
        line.kind === 'header' ? (
          <h2 className={list.header}>{label(line.section)}</h2>
        ) : (
          <RoomListItem
            room={line.room}
            me={me}
            now={now}
            selected={line.room.twId === selectedTwId}
            urgent={urgentRooms.has(line.room.twId)}
            onSelect={onSelect}
          />
        )
      }
    />
  );
}
