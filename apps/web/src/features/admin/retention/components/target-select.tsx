import { SegmentedControl, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { THoldTargetType } from '@rounds/contracts/compliance';
import { TIMINGS } from '@rounds/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldTargets } from '../api/get-hold-targets';

/** What the hold form and the export form pick: a kind of target, the text typed and the target found. */
export function useTargetChoice(initial: THoldTargetType) {
  const [type, setType] = useState<THoldTargetType>(initial);
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<string | null>(null);
  const clear = () => {
    setTargetId(null);
    setSearch('');
  };
  const changeType = (next: THoldTargetType) => {
    setType(next);
    clear();
  };
  return { type, search, targetId, setSearch, setTargetId, changeType, clear };
}

type TTargetChoice = ReturnType<typeof useTargetChoice>;

type TTargetTypeControlProps = {
  choice: TTargetChoice;
  label: string;
  /** The kinds in the order the form shows them. */
  order: readonly THoldTargetType[];
  maw?: number;
};

/** A person or a conversation: changing the kind starts the search again. */
export function TargetTypeControl({ choice, label, order, maw }: TTargetTypeControlProps) {
  const { t } = useTranslation('admin-sections');
  return (
    <SegmentedControl
      aria-label={label}
      value={choice.type}
      onChange={(value) => choice.changeType(value as THoldTargetType)}
      data={order.map((value) => ({ value, label: value === 'user' ? t('retention.person') : t('retention.room') }))}
      maw={maw}
    />
  );
}

type Props = {
  choice: TTargetChoice;
  /** Asks the server only while the form is shown. */
  enabled: boolean;
};

/**
 * A person (name and email) or a conversation (a group's name, a direct chat's two names) found by the server as
 * the Admin types: the hold form's and the export form's picker.
 */
export function TargetSelect({ choice, enabled }: Props) {
  const { type, search } = choice;
  const { t } = useTranslation('admin-sections');
  const [q] = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const targets = useHoldTargets(type, q, enabled);
  const kind = (detail: string) => (detail === 'direct' ? t('retention.kindDirect') : t('retention.kindGroup'));
  const options = (targets.data ?? []).map((target) => ({
    value: target.id,
    label: target.type === 'user' ? `${target.label} · ${target.detail}` : `${target.label} · ${kind(target.detail)}`,
  }));
  return (
    <Select
      label={type === 'user' ? t('retention.person') : t('retention.room')}
      placeholder={t('retention.targetPlaceholder')}
      searchable
      required
      data={options}
      value={choice.targetId}
      onChange={choice.setTargetId}
      searchValue={search}
      onSearchChange={choice.setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={targets.isFetching ? t('reference.loading') : t('retention.noMatch')}
    />
  );
}
