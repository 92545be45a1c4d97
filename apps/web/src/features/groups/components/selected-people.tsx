import { CloseButton, Group, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { PERSON_DRAG_TYPE } from '../../../lib/person-drag';
import type { TSelection } from '../lib/selection';
import classes from './groups.module.css';

type TSelectedPeopleProps = {
  selection: TSelection;
  onRemove: (id: string) => void;
  /** A person dragged from the list (or from anywhere that sets PERSON_DRAG_TYPE) was dropped here. */
  onDropPerson: (id: string) => void;
  /** A touch screen cannot drag rows: the hint only mentions ticking. */
  touch: boolean;
  disabled?: boolean;
};

const carriesPerson = (event: DragEvent) => event.dataTransfer.types.includes(PERSON_DRAG_TYPE);

/** The people chosen so far, as removable chips; people dragged from the list can be dropped here. */
export function SelectedPeople({ selection, onRemove, onDropPerson, touch, disabled }: TSelectedPeopleProps) {
  const { t } = useTranslation('groups');
  const [over, setOver] = useState(false);
  const titleId = useId();

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (disabled || !carriesPerson(event)) return;
    // Accepting the drop is what preventDefault means here.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    setOver(false);
    if (disabled || !carriesPerson(event)) return;
    event.preventDefault();
    const id = event.dataTransfer.getData(PERSON_DRAG_TYPE);
    if (id) onDropPerson(id);
  };

  return (
    <section aria-labelledby={titleId} className={classes.selected}>
      <div>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text id={titleId} component="h3" fz="sm" fw={600} m={0}>
            {t('selected.label')}
          </Text>
          <Text fz="xs" c="dimmed" aria-live="polite">
            {t('selected.count', { count: selection.length })}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {t('selected.youIncluded')}
        </Text>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; the list's checkboxes do the same by keyboard */}
      <div
        className={classes.dropZone}
        data-over={over || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {selection.length === 0 ? (
          <Group gap={8} wrap="nowrap" c="dimmed" align="flex-start">
            <IconUserPlus size={18} stroke={1.6} style={{ flex: 'none', marginTop: 1 }} aria-hidden />
            <Text fz="sm" c="dimmed">
              {over ? t('selected.dropHere') : touch ? t('selected.noneTouch') : t('selected.none')}
            </Text>
          </Group>
        ) : (
          <ul className={classes.chips} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {selection.map((person) => (
              <li key={person.id} className={classes.chip} title={person.fullName}>
                <PersonAvatar name={person.fullName} path={person.avatar?.path} status={null} size={22} />
                <span className={classes.chipName}>{person.fullName}</span>
                <CloseButton
                  size="sm"
                  radius="xl"
                  disabled={disabled}
                  aria-label={t('selected.remove', { name: person.fullName })}
                  onClick={() => onRemove(person.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
