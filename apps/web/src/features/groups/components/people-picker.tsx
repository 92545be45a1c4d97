import { ActionIcon, Anchor, Collapse, Group, Indicator, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useEveryFilterOptions } from '../../../api/get-filter-options';
import { useContactSearch } from '../../../api/use-contact-search';
import { ClassificationSelects } from '../../../components/filter-select';
import { SearchInput } from '../../../components/search-input';
import {
  FILTER_KINDS,
  filterCount,
  type TClassificationFilters,
  toListRequest,
} from '../../../lib/classification-filters';
import { isPickable, type TPerson } from '../lib/people';
import { NO_FILTERS, toPerson } from '../lib/people-request';
import classes from './groups.module.css';
import { PeopleList } from './people-list';

type TPeoplePickerProps = {
  /** Extend is search-only (spec doc 1 section 2): no classification filters. */
  withFilters: boolean;
  /** Filters start open where there is room for them. */
  filtersOpen: boolean;
  selectedIds: ReadonlySet<string>;
  memberIds: ReadonlySet<string>;
  onToggle: (person: TPerson) => void;
};

/**
 * Finding people: a name search (answered while typing, the server asked after 500 ms), the four classification filters, and the list of people
 * who can be picked (signed in at least once; the server leaves out the current user and deleted accounts).
 */
export function PeoplePicker({ withFilters, filtersOpen, selectedIds, memberIds, onToggle }: TPeoplePickerProps) {
  const { t } = useTranslation('groups');
  const filtersId = useId();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TClassificationFilters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(filtersOpen);
  const contacts = useContactSearch(
    useMemo(() => toListRequest(filters, ''), [filters]),
    search,
  );
  const people = useMemo(() => contacts.contacts?.filter(isPickable).map(toPerson), [contacts.contacts]);
  const applied = filterCount(filters);
  const narrowed = applied > 0 || contacts.searching;

  const reset = () => {
    setFilters(NO_FILTERS);
    setSearch('');
  };

  return (
    <div className={classes.picker}>
      <Group gap={8} wrap="nowrap" align="flex-end">
        <SearchInput
          style={{ flex: 1 }}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={setSearch}
          clearLabel={t('search.clear')}
        />
        {withFilters && (
          <Tooltip label={showFilters ? t('search.hideFilters') : t('search.showFilters')} withArrow>
            <Indicator label={applied} size={16} disabled={applied === 0} offset={4} zIndex={2}>
              <ActionIcon
                variant={showFilters ? 'light' : 'default'}
                size={36}
                onClick={() => setShowFilters((open) => !open)}
                aria-label={showFilters ? t('search.hideFilters') : t('search.showFilters')}
                aria-expanded={showFilters}
                aria-controls={filtersId}
              >
                <IconAdjustmentsHorizontal size={18} stroke={1.7} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        )}
      </Group>
      {withFilters && (
        <Collapse in={showFilters} transitionDuration={150} id={filtersId}>
          <PeopleFilters filters={filters} onChange={setFilters} />
        </Collapse>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={20}>
        <Text fz="xs" c="dimmed" aria-live="polite">
          {people ? t('people.count', { count: people.length }) : ''}
        </Text>
        {narrowed && (
          <Anchor component="button" type="button" fz="xs" onClick={reset}>
            {t('filters.reset')}
          </Anchor>
        )}
      </Group>
      <PeopleList
        people={people}
        {...contacts.load}
        narrowed={narrowed}
        selectedIds={selectedIds}
        memberIds={memberIds}
        onToggle={onToggle}
        onReset={reset}
      />
    </div>
  );
}

function PeopleFilters({
  filters,
  onChange,
}: {
  filters: TClassificationFilters;
  onChange: (filters: TClassificationFilters) => void;
}) {
  const { t } = useTranslation('groups');
  const options = useEveryFilterOptions();
  const failed = FILTER_KINDS.some((kind) => options[kind].isError);
  return (
    <div>
      <div className={classes.filters}>
        <ClassificationSelects
          namespace="groups"
          filters={filters}
          onChange={(kind, ids) => onChange({ ...filters, [kind]: ids })}
        />
      </div>
      {failed && (
        <Text fz="xs" c="red" role="alert" mt={6}>
          {t('filters.loadFailed')}
        </Text>
      )}
    </div>
  );
}
