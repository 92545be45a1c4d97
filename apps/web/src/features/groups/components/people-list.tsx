import { Alert, Badge, Button, Checkbox, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconRefresh, IconUserSearch } from '@tabler/icons-react';
import { type DragEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSON_DRAG_TYPE } from '../../../lib/person-drag';
import type { TPerson } from '../lib/people';
import classes from './groups.module.css';
import { PersonAvatar, STATUS_KEY, shownStatus } from './person-avatar';

/** A person of the list, with the line under the name (clinical role and suffix) when there is one. */
export type TListedPerson = TPerson & { detail: string };

type TPeopleListProps = {
  people: readonly TListedPerson[] | undefined;
  loading: boolean;
  failed: boolean;
  /** The list is narrowed by a search or filters: an empty result offers to reset them. */
  narrowed: boolean;
  /** The previous list stays on screen, dimmed, while the next one loads. */
  refreshing: boolean;
  selectedIds: ReadonlySet<string>;
  /** Already in the room (extend): shown ticked and locked, so a search for them does not come up empty. */
  memberIds: ReadonlySet<string>;
  onToggle: (person: TPerson) => void;
  onRetry: () => void;
  onReset: () => void;
};

/** The people who can be picked, each a checkbox that can also be dragged onto the chosen ones. */
export function PeopleList({
  people,
  loading,
  failed,
  narrowed,
  refreshing,
  selectedIds,
  memberIds,
  onToggle,
  onRetry,
  onReset,
}: TPeopleListProps) {
  const { t } = useTranslation('groups');

  if (failed && !people) {
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={t('people.errorTitle')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{t('people.errorBody')}</Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('people.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (loading && !people) {
    return (
      <div className={classes.list}>
        <Stack gap={4} p="sm" role="status" aria-label={t('people.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '6px 2px' }}>
              <Skeleton height={18} width={18} radius="sm" />
              <Skeleton circle height={36} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={11} width={`${50 + ((index * 17) % 35)}%`} radius="sm" />
                <Skeleton height={9} width={`${30 + ((index * 11) % 30)}%`} radius="sm" />
              </Stack>
            </div>
          ))}
        </Stack>
      </div>
    );
  }

  if (!people || people.length === 0) {
    return (
      <div className={classes.list}>
        <Stack align="center" gap={6} px="lg" py={40} ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconUserSearch size={26} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600} mt={6}>
            {narrowed ? t('people.noMatchTitle') : t('people.emptyTitle')}
          </Text>
          <Text fz="sm" c="dimmed" maw={280}>
            {narrowed ? t('people.noMatchBody') : t('people.emptyBody')}
          </Text>
          {narrowed && (
            <Button mt="xs" variant="light" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onReset}>
              {t('filters.reset')}
            </Button>
          )}
        </Stack>
      </div>
    );
  }

  return (
    <section
      className={classes.list}
      aria-label={t('people.label')}
      aria-busy={refreshing}
      data-refreshing={refreshing || undefined}
    >
      <ul className={classes.rows}>
        {people.map((person) => (
          <li key={person.id}>
            <PersonRow
              person={person}
              checked={selectedIds.has(person.id) || memberIds.has(person.id)}
              member={memberIds.has(person.id)}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      <PersonAvatar person={person} />
      <span className={classes.rowText}>
        <Text component="span" fz="sm" fw={600} lh={1.35} className={classes.ellipsis}>
          {person.fullName}
        </Text>
        {person.detail && (
          <Text component="span" fz="xs" c="dimmed" lh={1.35} className={classes.ellipsis}>
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
