import { ActionIcon, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import type { TSavedFilter } from '@rounds/contracts/contacts';
import { chatPath } from '@rounds/contracts/routes';
import { IconDeviceFloppy, IconFilterOff, IconMessages, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEveryFilterOptions } from '../../../api/get-filter-options';
import { ClassificationSelects } from '../../../components/filter-select';
import { FILTER_KINDS } from '../../../lib/classification-filters';
import { cut, DROPDOWN_LABEL_MAX } from '../../../lib/text';
import { useSavedFilters } from '../api/get-saved-filters';
import { fromSavedFilter, hasFilters, type TFilterKind } from '../lib/filters';
import { defaultGroupName } from '../lib/recipients';
import { useContactsView } from '../stores/contacts-view';
import classes from './contacts.module.css';
import { DeleteFilterModal } from './delete-filter-modal';
import { MessageFilterModal } from './message-filter-modal';
import { SaveFilterModal } from './save-filter-modal';

/**
 * The advanced search (spec doc 1 section 2, "Contact filters"): a saved-filter dropdown with its delete
 * action, the four classification multi-selects, Reset, and Save Filter (disabled while nothing is chosen);
 * and Message these people (issue 25): a group of everyone the filter finds.
 */
export function ContactFilters({ id }: { id: string }) {
  const { t } = useTranslation('contacts');
  const filters = useContactsView((s) => s.filters);
  const savedFilterId = useContactsView((s) => s.savedFilterId);
  const { setFilter, applySaved, clearSaved, resetFilters } = useContactsView.getState();
  const saved = useSavedFilters();
  const options = useEveryFilterOptions();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<TSavedFilter | null>(null);
  /** The group name Message these people opened with, while its dialog is open. */
  const [messaging, setMessaging] = useState<string | null>(null);
  const navigate = useNavigate();

  const savedList = saved.data ?? [];
  const current = savedList.find((item) => item.id === savedFilterId) ?? null;
  const savedData = useMemo(
    () => (saved.data ?? []).map((item) => ({ value: item.id, label: cut(item.name, DROPDOWN_LABEL_MAX) })),
    [saved.data],
  );
  const chosen = hasFilters(filters);
  const groupName = () =>
    defaultGroupName(
      current?.name ?? null,
      filters,
      (kind) => new Map((options[kind].data ?? []).map((o) => [o.id, o.name])),
    );
  const optionsFailed = FILTER_KINDS.some((kind) => options[kind].isError);

  const applyFilter = (filterId: string | null) => {
    const filter = savedList.find((item) => item.id === filterId);
    if (!filter) {
      clearSaved();
      return;
    }
    // Ids deleted since the filter was saved are dropped, once the lists are known.
    const known: Partial<Record<TFilterKind, ReadonlySet<string>>> = {};
    for (const kind of FILTER_KINDS) {
      const list = options[kind].data;
      if (list) known[kind] = new Set(list.map((item) => item.id));
    }
    applySaved(filter.id, fromSavedFilter(filter, known));
  };

  return (
    <div className={classes.filters} id={id}>
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Select
          label={t('filters.saved')}
          placeholder={savedList.length > 0 ? t('filters.savedPlaceholder') : t('filters.noSaved')}
          data={savedData}
          value={current?.id ?? null}
          onChange={applyFilter}
          disabled={savedList.length === 0}
          clearable
          allowDeselect
          size="sm"
          style={{ flex: 1, minWidth: 0 }}
          comboboxProps={{ withinPortal: true }}
          renderOption={({ option }) => (
            <span title={savedList.find((item) => item.id === option.value)?.name}>{option.label}</span>
          )}
        />
        <Tooltip label={t('filters.delete')} withArrow disabled={!current}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={t('filters.delete')}
            disabled={!current}
            onClick={() => setDeleting(current)}
          >
            <IconTrash size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
        {/* Beside the saved filter, in view however far the filters below are scrolled (issue 25). */}
        <Tooltip label={chosen ? t('filters.message') : t('filters.messageHint')} withArrow multiline w={220}>
          {/* A disabled button receives no pointer events: the wrapper carries the hint. */}
          <span>
            <ActionIcon
              variant="filled"
              size={36}
              aria-label={t('filters.message')}
              disabled={!chosen}
              onClick={() => setMessaging(groupName())}
            >
              <IconMessages size={18} stroke={1.6} />
            </ActionIcon>
          </span>
        </Tooltip>
      </Group>

      <ClassificationSelects namespace="contacts" filters={filters} onChange={setFilter} />

      {optionsFailed && (
        <Text fz="xs" c="red" role="alert">
          {t('filters.loadFailed')}
        </Text>
      )}

      <Group justify="space-between" gap="sm" mt={4}>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconFilterOff size={16} stroke={1.6} />}
          onClick={resetFilters}
          disabled={!chosen && !current}
        >
          {t('filters.reset')}
        </Button>
        <Tooltip label={t('filters.saveHint')} withArrow disabled={chosen} multiline w={220}>
          {/* A disabled button receives no pointer events: the wrapper carries the hint. */}
          <span>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconDeviceFloppy size={16} stroke={1.6} />}
              onClick={() => setSaving(true)}
              disabled={!chosen}
            >
              {t('filters.save')}
            </Button>
          </span>
        </Tooltip>
      </Group>

      <MessageFilterModal
        opened={messaging !== null}
        filters={filters}
        defaultName={messaging ?? ''}
        onClose={() => setMessaging(null)}
        onStarted={(room) => navigate(chatPath(room.twId))}
      />
      <SaveFilterModal
        opened={saving}
        filters={filters}
        onClose={() => setSaving(false)}
        onSaved={(filter) => applySaved(filter.id, filters)}
      />
      <DeleteFilterModal
        filter={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(deletedId) => {
          // Deleting the filter in use clears the selection (spec doc 1 section 4); its choices stay applied.
          if (useContactsView.getState().savedFilterId === deletedId) clearSaved();
        }}
      />
    </div>
  );
}
