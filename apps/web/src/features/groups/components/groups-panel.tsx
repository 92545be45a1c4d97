import { Avatar, Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { TIMINGS } from '@rounds/contracts/limits';
import { IconUsersGroup } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TListQuery } from '../../../components/list-states';
import { SearchInput } from '../../../components/search-input';
import { SearchList } from '../../../components/search-list';
import list from '../../../components/virtual-list.module.css';
import { listLoad } from '../../../lib/list-load';
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
      <SearchInput
        label={t('groups.search')}
        placeholder={t('groups.placeholder')}
        value={search}
        onChange={setSearch}
        clearLabel={t('search.clear')}
      />
      <GroupsList rooms={groups.data} {...listLoad(groups)} narrowed={narrowed} onOpen={onOpen} />
    </Stack>
  );
}

type TGroupsListProps = TListQuery & {
  rooms: readonly TChatRoom[] | undefined;
  onOpen: (room: TChatRoom) => void;
};

function GroupsList({ rooms, onOpen, ...query }: TGroupsListProps) {
  const { t } = useTranslation('groups');

  return (
    <SearchList
      items={rooms}
      {...query}
      texts={t('groups', { returnObjects: true })}
      icon={<IconUsersGroup size={26} stroke={1.5} />}
      skeleton={{ rows: 4 }}
      frame={classes.list}
      getKey={groupKey}
      estimateSize={groupSize}
      label={t('groups.label')}
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
