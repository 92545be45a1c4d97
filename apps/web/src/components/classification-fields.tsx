import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { TReferenceKind } from '@rounds/contracts/reference';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-form';

export type TClassificationOption = { id: string; name: string };
export type TClassificationLists = Record<TReferenceKind, readonly TClassificationOption[] | undefined>;

export type TClassificationValues = {
  facilityId: string[];
  departmentId: string[];
  professionId: string | null;
  specialtyId: string[];
  suffixId: string | null;
};

type TClassificationFieldsProps = {
  lists: TClassificationLists;
  values: TClassificationValues;
  onChange: (changes: Partial<TClassificationValues>) => void;
  /** The form's errors (keys or server texts): the fields translate them. */
  errors?: Partial<Record<keyof TClassificationValues, string>>;
  /** Suffix is required at registration, optional in the profile (spec doc 1 section 5). */
  suffixRequired?: boolean;
  disabled?: boolean;
};

/** A field's reference kind: its list, and the value it sets (`${kind}Id`). */
type TKind = 'facility' | 'department' | 'profession' | 'specialty' | 'suffix';

const options = (list: readonly TClassificationOption[] | undefined) =>
  (list ?? []).map((item) => ({ value: item.id, label: item.name }));

/**
 * Facility, department and specialty (several each), clinical role and suffix (one each): how staff are
 * classified (spec doc 1 section 1). Lists come from the caller (the reference-data lists).
 */
export function ClassificationFields({
  lists,
  values,
  onChange,
  errors = {},
  suffixRequired = true,
  disabled,
}: TClassificationFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const common = {
    searchable: true,
    disabled,
    nothingFoundMessage: t('classification.nothingFound'),
    maxDropdownHeight: 260,
    comboboxProps: { shadow: 'md', withinPortal: true },
  } as const;
  const loading = (list: unknown) => (list === undefined ? t('common.loading') : undefined);
  // What every field shares: its label, its list (with a placeholder while it loads) and its error.
  const field = (kind: TKind, choose: 'chooseSeveral' | 'chooseOne') => {
    const key = `${kind}Id` as const;
    return {
      ...common,
      label: t(`classification.${kind}`),
      placeholder: loading(lists[kind]) ?? t(`classification.${choose}`),
      data: options(lists[kind]),
      error: errorText(errors[key]),
    };
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <MultiSelect
        {...field('facility', 'chooseSeveral')}
        value={values.facilityId}
        onChange={(value) => onChange({ facilityId: value })}
        withAsterisk
        hidePickedOptions
      />
      <MultiSelect
        {...field('department', 'chooseSeveral')}
        value={values.departmentId}
        onChange={(value) => onChange({ departmentId: value })}
        withAsterisk
        hidePickedOptions
      />
      <Select
        {...field('profession', 'chooseOne')}
        value={values.professionId}
        onChange={(value) => onChange({ professionId: value })}
        withAsterisk
        allowDeselect={false}
      />
      <MultiSelect
        {...field('specialty', 'chooseSeveral')}
        value={values.specialtyId}
        onChange={(value) => onChange({ specialtyId: value })}
        withAsterisk
        hidePickedOptions
      />
      <Select
        {...field('suffix', 'chooseOne')}
        value={values.suffixId}
        onChange={(value) => onChange({ suffixId: value })}
        withAsterisk={suffixRequired}
        clearable={!suffixRequired}
        allowDeselect={!suffixRequired}
      />
    </SimpleGrid>
  );
}
