import { CheckIcon, CloseButton, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEveryFilterOptions } from '../api/get-filter-options';
import { FILTER_KINDS, type TClassificationFilters, type TFilterKind } from '../lib/classification-filters';
import { cut, DROPDOWN_LABEL_MAX, MULTI_SELECT_FIRST_MAX } from '../lib/text';

export type TFilterOption = { id: string; name: string };

/** The component's words, from the caller's namespace: shared components own no translations. */
export type TFilterSelectTexts = {
  /** Placeholder while nothing is chosen. */
  any: string;
  nothingFound: string;
  /** Accessible name of the button that removes a choice, or all of them. */
  clear: (label: string) => string;
  /** The pill standing for the choices after the first. */
  more: (count: number) => string;
};

type TFilterSelectProps = {
  label: string;
  options: readonly TFilterOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  texts: TFilterSelectTexts;
  disabled?: boolean;
};

/**
 * The four classification filters' labels, keys alike in the namespaces of Contacts and the group modal;
 * professions read 'Clinical roles'.
 */
const FILTER_LABEL_KEY = {
  facility: 'filters.facilities',
  department: 'filters.departments',
  profession: 'filters.professions',
  specialty: 'filters.specialties',
} as const;

/** The texts from a feature's namespace: Contacts and the group modal word their filters alike. */
function useFilterSelectTexts(namespace: 'contacts' | 'groups'): TFilterSelectTexts {
  const { t } = useTranslation(namespace);
  return useMemo(
    () => ({
      any: t('filters.any'),
      nothingFound: t('filters.nothingFound'),
      clear: (label) => t('filters.clear', { label }),
      more: (count) => t('filters.more', { count }),
    }),
    [t],
  );
}

type TClassificationSelectsProps = {
  namespace: 'contacts' | 'groups';
  filters: TClassificationFilters;
  onChange: (kind: TFilterKind, ids: string[]) => void;
};

/** The four classification filters in screen order, each with every choice of its reference list. */
export function ClassificationSelects({ namespace, filters, onChange }: TClassificationSelectsProps) {
  const { t } = useTranslation(namespace);
  const options = useEveryFilterOptions();
  const texts = useFilterSelectTexts(namespace);
  return (
    <>
      {FILTER_KINDS.map((kind) => (
        <FilterSelect
          key={kind}
          label={t(FILTER_LABEL_KEY[kind])}
          options={options[kind].data ?? []}
          value={filters[kind]}
          onChange={(ids) => onChange(kind, ids)}
          texts={texts}
        />
      ))}
    </>
  );
}

/** Lower case without accents, for matching what is typed against option names. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * A compact multi-select for a narrow panel: the first choice (cut at 20 characters) and '+N' for the rest
 * stay on one line, where a pill per choice would push the contact list off screen (spec doc 1 section 9).
 * Type to narrow the options; each option toggles; Backspace in the empty field removes the last choice.
 */
export function FilterSelect({ label, options, value, onChange, texts, disabled }: TFilterSelectProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });

  const names = useMemo(() => new Map(options.map((option) => [option.id, option.name])), [options]);
  const chosen = value.filter((id) => names.has(id));
  const shown = useMemo(() => {
    const term = fold(search.trim());
    return term ? options.filter((option) => fold(option.name).includes(term)) : options;
  }, [options, search]);

  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((item) => item !== id) : [...value, id]);
  const first = chosen[0];
  const firstName = first ? (names.get(first) ?? '') : '';

  return (
    <Combobox store={combobox} onOptionSubmit={toggle} disabled={disabled} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          size="sm"
          pointer
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSectionPointerEvents={chosen.length > 0 ? 'all' : 'none'}
          rightSection={
            chosen.length > 0 ? (
              <CloseButton
                size="sm"
                aria-label={texts.clear(label)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChange([])}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
        >
          <Pill.Group style={{ flexWrap: 'nowrap', minWidth: 0 }}>
            {first && (
              <Pill
                withRemoveButton
                onRemove={() => toggle(first)}
                title={firstName}
                removeButtonProps={{ 'aria-label': texts.clear(firstName) }}
                style={{ flex: 'none' }}
              >
                {cut(firstName, MULTI_SELECT_FIRST_MAX)}
              </Pill>
            )}
            {chosen.length > 1 && (
              <Pill
                title={chosen
                  .slice(1)
                  .map((id) => names.get(id))
                  .join(', ')}
                style={{ flex: 'none' }}
              >
                {texts.more(chosen.length - 1)}
              </Pill>
            )}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={chosen.length === 0 ? texts.any : undefined}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && chosen.length > 0) {
                    event.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
                style={{ minWidth: 40 }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {shown.length > 0 ? (
            shown.map((option) => {
              const active = value.includes(option.id);
              return (
                <Combobox.Option value={option.id} key={option.id} active={active} title={option.name}>
                  <Group gap={8} wrap="nowrap">
                    <span style={{ display: 'inline-flex', width: 12, flex: 'none' }}>
                      {active && <CheckIcon size={12} />}
                    </span>
                    <span>{cut(option.name, DROPDOWN_LABEL_MAX)}</span>
                  </Group>
                </Combobox.Option>
              );
            })
          ) : (
            <Combobox.Empty>{texts.nothingFound}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
