import { Avatar, Badge, CloseButton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { LIMITS, TIMINGS } from '@rounds/contracts/limits';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states';
import { VirtualList } from '../../../components/virtual-list';
import list from '../../../components/virtual-list.module.css';
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
    return <ListError title={t('groups.errorTitle')} retry={t('groups.retry')} onRetry={onRetry} />;
  }

  if (loading && !rooms) {
    return (
      <div className={classes.list}>
        <ListSkeleton label={t('groups.loading')} rows={4} />
      </div>
    );
  }

  if (!rooms || rooms.length === 0) {
    return (
      <div className={classes.list}>
        <ListEmpty
          icon={<IconUsersGroup size={26} stroke={1.5} />}
          title={narrowed ? t('groups.noMatchTitle') : t('groups.emptyTitle')}
          body={narrowed ? t('groups.noMatchBody') : t('groups.emptyBody')}
        />
      </div>
    );
  }

  return (
    <VirtualList
      items={rooms}
      getKey={groupKey}
      estimateSize={groupSize}
      label={t('groups.label')}
      refreshing={refreshing}
      className={classes.list}
      renderItem={(room) => <GroupRow room={room} onOpen={onOpen} />}
    />
  );
}

const groupKey = (room: TChatRoom) => room.twId;
const groupSize = () => 60;

/** One group: avatar, name and member count; choosing it opens the group in Recent. */
const GroupRow = memo(function GroupRow({ room, onOpen }: { room: TChatRoom; onOpen: (room: TChatRoom) => void }) {
  const { t } = useTranslation('groups');
  const members = t('groups.members', { count: room.participants.length });
  return (
    <UnstyledButton
      className={classes.groupRow}
      onClick={() => onOpen(room)}
      aria-label={t('groups.open', { name: room.name, members })}
    >
      <Avatar src={room.avatar?.path ?? null} alt="" size={40} radius={40} color="initials" name={room.name}>
        <IconUsersGroup size={20} stroke={1.6} />
      </Avatar>
      <Text component="span" fz="sm" fw={600} className={list.ellipsis} style={{ flex: 1, minWidth: 0 }}>
        {room.name}
      </Text>
      <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} style={{ flex: 'none' }}>
        {members}
      </Badge>
    </UnstyledButton>
  );
});
