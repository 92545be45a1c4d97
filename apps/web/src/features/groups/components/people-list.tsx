import { Badge, Checkbox, Text, VisuallyHidden } from '@mantine/core';
import { shownStatus } from '@rounds/contracts/user';
import { IconUserSearch } from '@tabler/icons-react';
import { type DragEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetFiltersButton, type TListQuery } from '../../../components/list-states';
import { PersonAvatar } from '../../../components/person-avatar';
import { SearchList } from '../../../components/search-list';
import { STATUS_KEY } from '../../../components/status-dot';
import list from '../../../components/virtual-list.module.css';
import { PERSON_DRAG_TYPE } from '../../../lib/person-drag';
import type { TPerson } from '../lib/people';
import classes from './groups.module.css';

/** A person of the list, with the line under the name (clinical role and suffix) when there is one. */
export type TListedPerson = TPerson & { detail: string };

/** A narrowed list that comes up empty offers to reset the search and filters (onReset). */
type TPeopleListProps = TListQuery & {
  people: readonly TListedPerson[] | undefined;
  selectedIds: ReadonlySet<string>;
  /** Already in the room (extend): shown ticked and locked, so a search for them does not come up empty. */
  memberIds: ReadonlySet<string>;
  onToggle: (person: TPerson) => void;
  onReset: () => void;
};

/** The people who can be picked, each a checkbox that can also be dragged onto the chosen ones. */
export function PeopleList({ people, selectedIds, memberIds, onToggle, onReset, ...query }: TPeopleListProps) {
  const { t } = useTranslation('groups');

  return (
    <SearchList
      items={people}
      {...query}
      texts={t('people', { returnObjects: true })}
      icon={<IconUserSearch size={26} stroke={1.5} />}
      action={query.narrowed && <ResetFiltersButton label={t('filters.reset')} onReset={onReset} />}
      skeleton={{ avatar: 36 }}
      frame={classes.list}
      getKey={personKey}
      estimateSize={personSize}
      label={t('people.label')}
      renderItem={(person) => (
        <PersonRow
          person={person}
          checked={selectedIds.has(person.id) || memberIds.has(person.id)}
          member={memberIds.has(person.id)}
          onToggle={onToggle}
        />
      )}
    />
  );
}

const personKey = (person: TListedPerson) => person.id;
const personSize = () => 56;

type TPersonRowProps = {
  person: TListedPerson;
  checked: boolean;
  member: boolean;
  onToggle: (person: TPerson) => void;
};

/**
 * One person: a checkbox card (the whole row ticks it) with avatar, name, role line and the status in words
 * for screen readers. Draggable with the person's id (PERSON_DRAG_TYPE), which the chosen area and the
 * chats accept.
 */
const PersonRow = memo(function PersonRow({ person, checked, member, onToggle }: TPersonRowProps) {
  const { t } = useTranslation('groups');
  const status = t(`status.${STATUS_KEY[shownStatus(person)]}`);
  const onDragStart = (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(PERSON_DRAG_TYPE, person.id);
    event.dataTransfer.setData('text/plain', person.fullName);
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <Checkbox.Card
      className={classes.row}
      checked={checked}
      disabled={member}
      onClick={() => onToggle(person)}
      withBorder={false}
      draggable={!member}
      onDragStart={member ? undefined : onDragStart}
      title={member ? undefined : t('people.drag')}
      data-checked={checked || undefined}
      data-person-id={person.id}
    >
      <Checkbox.Indicator checked={checked} disabled={member} size="sm" />
      <PersonAvatar name={person.fullName} path={person.avatar?.path} status={shownStatus(person)} size={36} />
      <span className={list.rowText}>
        <Text component="span" fz="sm" fw={600} lh={1.35} className={list.ellipsis}>
          {person.fullName}
        </Text>
        {person.detail && (
          <Text component="span" fz="xs" c="dimmed" lh={1.35} className={list.ellipsis}>
            {person.detail}
          </Text>
        )}
      </span>
      {member && (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} style={{ flex: 'none' }}>
          {t('people.member')}
        </Badge>
      )}
      <VisuallyHidden>, {status}</VisuallyHidden>
    </Checkbox.Card>
  );
});
