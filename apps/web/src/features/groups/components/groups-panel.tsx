import {
  Alert,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { LIMITS, TIMINGS } from '@rounds/contracts/limits';
import { IconAlertCircle, IconRefresh, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchGroups } from '../api/search-groups';
import classes from './groups.module.css';

/**
 * The Groups tab (spec doc 1 section 2): the user's groups, searched by name, each with its member count.
 * Choosing one opens it in Recent.
 */
export function GroupsPanel({ active, onOpen }: { active: boolean; onOpen: (room: TChatRoom) => void }) {
  const { t } = useTranslation('groups');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, TIMINGS.searchDebounceMs);
  // Asked only once the tab is shown: most openings of the modal create a group.
  const groups = useSearchGroups(keyword, { enabled: active });
  const narrowed = keyword.trim().length > 0;

  return (
    <Stack gap="sm" className={classes.fill}>
      <TextInput
        type="search"
        label={t('groups.search')}
        placeholder={t('groups.placeholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} stroke={1.7} />}
        rightSection={
          search ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={() => setSearch('')} /> : null
        }
        maxLength={LIMITS.textMaxLength}
        autoComplete="off"
      />
      <GroupsList
        rooms={groups.data}
        loading={groups.isPending}
        failed={groups.isError}
        narrowed={narrowed}
        refreshing={groups.isPlaceholderData}
        onOpen={onOpen}
        onRetry={() => void groups.refetch()}
      />
    </Stack>
  );
}

type TGroupsListProps = {
  rooms: readonly TChatRoom[] | undefined;
  loading: boolean;
  failed: boolean;
  narrowed: boolean;
  refreshing: boolean;
  onOpen: (room: TChatRoom) => void;
  onRetry: () => void;
};

function GroupsList({ rooms, loading, failed, narrowed, refreshing, onOpen, onRetry }: TGroupsListProps) {
  const { t } = useTranslation('groups');

  if (failed && !rooms) {
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={t('groups.errorTitle')}
        role="alert"
      >
        <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t('groups.retry')}
        </Button>
      </Alert>
    );
  }

  if (loading && !rooms) {
    return (
      <div className={classes.list}>
        <Stack gap={4} p="sm" role="status" aria-label={t('groups.loading')}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 2px' }}>
              <Skeleton circle height={40} />
              <Skeleton height={12} width={`${40 + ((index * 19) % 40)}%`} radius="sm" />
            </div>
          ))}
        </Stack>
      </div>
    );
  }

  if (!rooms || rooms.length === 0) {
    return (
      <div className={classes.list}>
        <Stack align="center" gap={6} px="lg" py={40} ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconUsersGroup size={26} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600} mt={6}>
            {narrowed ? t('groups.noMatchTitle') : t('groups.emptyTitle')}
          </Text>
          <Text fz="sm" c="dimmed" maw={300}>
            {narrowed ? t('groups.noMatchBody') : t('groups.emptyBody')}
          </Text>
        </Stack>
      </div>
    );
  }

  return (
    <section
      className={classes.list}
      aria-label={t('groups.label')}
      aria-busy={refreshing}
      data-refreshing={refreshing || undefined}
    >
      <ul className={classes.rows}>
        {rooms.map((room) => {
          const members = t('groups.members', { count: room.participants.length });
          return (
            <li key={room.twId}>
              <UnstyledButton
                className={classes.groupRow}
                onClick={() => onOpen(room)}
                aria-label={t('groups.open', { name: room.name, members })}
              >
                <Avatar src={room.avatar?.path ?? null} alt="" size={40} radius={40} color="initials" name={room.name}>
                  <IconUsersGroup size={20} stroke={1.6} />
                </Avatar>
                <Text component="span" fz="sm" fw={600} className={classes.ellipsis} style={{ flex: 1, minWidth: 0 }}>
                  {room.name}
                </Text>
                <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} style={{ flex: 'none' }}>
                  {members}
                </Badge>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
