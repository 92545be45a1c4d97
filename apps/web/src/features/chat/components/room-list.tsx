import { Alert, Button, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconAlertCircle, IconMessageSearch, IconMessages, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../hooks/use-message-text';
import { useNow } from '../hooks/use-now';
import { formatDate } from '../lib/format-time';
import { groupRooms, matchesSearch, type TRoomSection } from '../lib/group-rooms';
import classes from './chat.module.css';
import { RoomListItem } from './room-list-item';

type TRoomListProps = {
  rooms: readonly TChatRoom[] | undefined;
  loading: boolean;
  failed: boolean;
  search: string;
  selectedTwId: string | null;
  me: string | undefined;
  onSelect: (twId: string) => void;
  onRetry: () => void;
  /** With no rooms at all: where to start one (Contacts). */
  onStart: () => void;
};

/** The rooms under Favorites, Today, Yesterday and earlier dates, newest first (spec doc 1 section 2). */
export function RoomList({
  rooms,
  loading,
  failed,
  search,
  selectedTwId,
  me,
  onSelect,
  onRetry,
  onStart,
}: TRoomListProps) {
  const { t } = useTranslation('chat');
  const { language } = useMessageText();
  const now = useNow();
  const sections = useMemo(() => {
    const shown = (rooms ?? []).filter((room) => matchesSearch(room.name, search));
    return groupRooms(shown, now);
  }, [rooms, search, now]);

  if (failed && !rooms) {
    return (
      <Alert
        m="sm"
        variant="light"
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={t('list.errorTitle')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('list.errorBody')}</Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (loading && !rooms) {
    return (
      <Stack gap={4} p="xs" role="status" aria-label={t('list.loading')}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '9px 2px' }}>
            <Skeleton circle height={44} />
            <Stack gap={7} style={{ flex: 1 }}>
              <Skeleton height={11} width={`${50 + ((index * 17) % 35)}%`} radius="sm" />
              <Skeleton height={9} width={`${60 + ((index * 11) % 30)}%`} radius="sm" />
            </Stack>
          </div>
        ))}
      </Stack>
    );
  }

  if (sections.length === 0) {
    const narrowed = search.trim().length > 0;
    return (
      <Stack align="center" gap={6} px="lg" py={48} ta="center">
        <ThemeIcon size={52} radius="xl" variant="light">
          {narrowed ? <IconMessageSearch size={28} stroke={1.5} /> : <IconMessages size={28} stroke={1.5} />}
        </ThemeIcon>
        <Text fw={600} mt={6}>
          {narrowed ? t('list.noMatchTitle') : t('list.emptyTitle')}
        </Text>
        <Text fz="sm" c="dimmed" maw={260}>
          {narrowed ? t('list.noMatchBody') : t('list.emptyBody')}
        </Text>
        {!narrowed && (
          <Button mt="xs" variant="light" size="xs" onClick={onStart}>
            {t('list.openContacts')}
          </Button>
        )}
      </Stack>
    );
  }

  const label = (section: TRoomSection) =>
    section.kind === 'date' ? formatDate(section.day, language, now) : t(`list.${section.kind}`);

  return (
    <nav aria-label={t('list.label')}>
      {sections.map((section) => (
        <section key={section.key} aria-label={label(section)}>
          <h2 className={classes.sectionLabel}>{label(section)}</h2>
          <ul className={classes.sectionList}>
            {section.rooms.map((room) => (
              <li key={room.twId}>
                <RoomListItem room={room} me={me} now={now} selected={room.twId === selectedTwId} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
