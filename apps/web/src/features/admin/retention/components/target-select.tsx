import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { THoldTargetType } from '@rounds/contracts/compliance';
import { TIMINGS } from '@rounds/contracts/limits';
import { useTranslation } from 'react-i18next';
import { useHoldTargets } from '../api/get-hold-targets';

type Props = {
  type: THoldTargetType;
  value: string | null;
  onChange: (id: string | null) => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** Asks the server only while the form is shown. */
  enabled: boolean;
};

/**
 * A person (name and email) or a conversation (a group's name, a direct chat's two names) found by the server as
 * the Admin types: the hold form's and the export form's picker.
 */
export function TargetSelect({ type, value, onChange, search, onSearchChange, enabled }: Props) {
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
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={onSearchChange}
      filter={({ options: all }) => all}
      nothingFoundMessage={targets.isFetching ? t('reference.loading') : t('retention.noMatch')}
    />
  );
}
