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
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <MultiSelect
        {...common}
        label={t('classification.facility')}
        placeholder={loading(lists.facility) ?? t('classification.chooseSeveral')}
        data={options(lists.facility)}
        value={values.facilityId}
        onChange={(value) => onChange({ facilityId: value })}
        error={errorText(errors.facilityId)}
        withAsterisk
        hidePickedOptions
      />
      <MultiSelect
        {...common}
        label={t('classification.department')}
        placeholder={loading(lists.department) ?? t('classification.chooseSeveral')}
        data={options(lists.department)}
        value={values.departmentId}
        onChange={(value) => onChange({ departmentId: value })}
        error={errorText(errors.departmentId)}
        withAsterisk
        hidePickedOptions
      />
      <Select
        {...common}
        label={t('classification.profession')}
        placeholder={loading(lists.profession) ?? t('classification.chooseOne')}
        data={options(lists.profession)}
        value={values.professionId}
        onChange={(value) => onChange({ professionId: value })}
        error={errorText(errors.professionId)}
        withAsterisk
        allowDeselect={false}
      />
      <MultiSelect
        {...common}
        label={t('classification.specialty')}
        placeholder={loading(lists.specialty) ?? t('classification.chooseSeveral')}
        data={options(lists.specialty)}
        value={values.specialtyId}
        onChange={(value) => onChange({ specialtyId: value })}
        error={errorText(errors.specialtyId)}
        withAsterisk
        hidePickedOptions
      />
      <Select
        {...common}
        label={t('classification.suffix')}
        placeholder={loading(lists.suffix) ?? t('classification.chooseOne')}
        data={options(lists.suffix)}
        value={values.suffixId}
        onChange={(value) => onChange({ suffixId: value })}
        error={errorText(errors.suffixId)}
        withAsterisk={suffixRequired}
        clearable={!suffixRequired}
        allowDeselect={!suffixRequired}
      />
    </SimpleGrid>
  );
}
