import { Button, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { LIMITS } from '@rounds/contracts/limits';
import { type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../../../api/get-contacts';
import { toListRequest } from '../../../lib/classification-filters';
import { type TGroupModalMode, useGroupModal } from '../../../lib/group-modal-store';
import { showToast } from '../../../lib/toast';
import { useGroupSubmit } from '../hooks/use-group-submit';
import { canSubmit, nameTooLong, needsName } from '../lib/group-form';
import { isPickable, type TPerson } from '../lib/people';
import { NO_FILTERS, toPerson } from '../lib/people-request';
import { addVerdict, selectionReducer, type TSelection } from '../lib/selection';
import classes from './groups.module.css';
import { PeoplePicker } from './people-picker';
import { SelectedPeople } from './selected-people';
import { SimilarGroupsDialog } from './similar-groups-dialog';

/** The whole directory: where preselected and dropped people are looked up (the same query as Contacts). */
const ALL_PEOPLE = toListRequest(NO_FILTERS, '');
const NONE: ReadonlySet<string> = new Set();

const SUBMIT_KEY = { create: 'actions.create', edit: 'actions.save', extend: 'actions.add' } as const satisfies Record<
  TGroupModalMode,
  string
>;

type TGroupFormProps = {
  mode: TGroupModalMode;
  meId: string;
  /** The room being edited or extended. */
  room?: TChatRoom;
  /** People to add at once: a contact dropped on a chat (spec doc 1 section 2). */
  preselected: readonly string[];
  mobile: boolean;
};

/** The People tab: name, the chosen people, the people to choose from, and Create / Save / Add. */
export function GroupForm({ mode, meId, room, preselected, mobile }: TGroupFormProps) {
  const { t } = useTranslation('groups');
  const close = useGroupModal((s) => s.close);
  const submitter = useGroupSubmit({ mode, twId: room?.twId, meId });
  // A finger cannot drag rows here (HTML5 drag and drop is mouse-only on phones and tablets).
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false }) ?? false;
  const [name, setName] = useState(mode === 'edit' ? (room?.name ?? '') : '');
  // Editing starts from the current members; the owner is always in and is not shown as a chip.
  const [selection, dispatch] = useReducer(
    selectionReducer,
    mode === 'edit' && room ? room.participants.filter((member) => member.id !== meId) : [],
  );
  /** Who is in the room already, whatever is picked: the current user, and when extending every member. */
  const memberIds = useMemo(
    () => new Set(mode === 'extend' && room ? [meId, ...room.participants.map((member) => member.id)] : [meId]),
    [mode, room, meId],
  );
  const selectedIds = useMemo(() => new Set(selection.map((person) => person.id)), [selection]);

  const all = useContacts(ALL_PEOPLE);
  const directory = useMemo(
    () => new Map((all.data ?? []).filter(isPickable).map((contact) => [contact.id, toPerson(contact)])),
    [all.data],
  );

  // A contact dropped on a chat arrives as ids: added once the directory is known, with the spec's warning
  // for anyone already in the group.
  const preselectedDone = useRef(false);
  useEffect(() => {
    if (preselectedDone.current || preselected.length === 0 || !all.data) return;
    preselectedDone.current = true;
    let next: TSelection = selection;
    let refused = false;
    for (const id of preselected) {
      if (addVerdict(id, next, memberIds) === 'already-in-group') {
        refused = true;
        continue;
      }
      const person = directory.get(id);
      if (person) next = selectionReducer(next, { type: 'add', people: [person] });
    }
    if (next !== selection) dispatch({ type: 'reset', people: next });
    if (refused) showToast(t('alreadyMember'), 'warning');
  }, [preselected, all.data, directory, selection, memberIds, t]);

  const dropPerson = (id: string) => {
    if (addVerdict(id, selection, memberIds) === 'already-in-group') {
      showToast(t('alreadyMember'), 'warning');
      return;
    }
    const person = directory.get(id);
    if (person) dispatch({ type: 'add', people: [person] });
  };
  // Stable, so typing the name does not re-render every row of a long list (rows are memoised).
  const toggle = useCallback((person: TPerson) => dispatch({ type: 'toggle', person }), []);

  const named = needsName(mode);
  const tooLong = named && nameTooLong(name);
  const ready = canSubmit({ mode, name, selectedCount: selection.length, processing: submitter.processing });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) void submitter.submit({ name, ids: selection.map((person) => person.id) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className={classes.fill}>
      <div className={classes.form}>
        <div className={classes.side}>
          {named && (
            <TextInput
              label={t('name.label')}
              placeholder={t('name.placeholder')}
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={tooLong ? t('name.tooLong') : undefined}
              rightSection={
                <Text fz="xs" c={tooLong ? 'red' : 'dimmed'} aria-hidden>
                  {t('name.count', { count: name.trim().length, max: LIMITS.groupNameMax })}
                </Text>
              }
              rightSectionWidth={64}
              rightSectionPointerEvents="none"
              autoComplete="off"
              // A phone's keyboard would cover the list the moment the modal opens.
              data-autofocus={mobile ? undefined : true}
            />
          )}
          <SelectedPeople
            selection={selection}
            onRemove={(id) => dispatch({ type: 'remove', id })}
            onDropPerson={dropPerson}
            touch={touch}
            disabled={submitter.processing}
          />
        </div>
        <PeoplePicker
          withFilters={mode !== 'extend'}
          filtersOpen={!mobile}
          selectedIds={selectedIds}
          memberIds={mode === 'extend' ? memberIds : NONE}
          onToggle={toggle}
        />
      </div>
      <div className={classes.footer}>
        <Button variant="default" onClick={close}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={!ready && !submitter.processing} loading={submitter.processing}>
          {t(SUBMIT_KEY[mode])}
        </Button>
      </div>
      {submitter.similar && (
        <SimilarGroupsDialog
          rooms={submitter.similar}
          processing={submitter.processing}
          onOpen={submitter.openRoom}
          onCreateAnyway={() => void submitter.createAnyway()}
          onCancel={submitter.dismissSimilar}
        />
      )}
    </form>
  );
}
