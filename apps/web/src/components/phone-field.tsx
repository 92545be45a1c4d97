import { Group, NativeSelect, TextInput } from '@mantine/core';
import { callingCodeLabel, type TCallingCode } from '@rounds/contracts/settings';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TPhoneValue = { phoneCountryCode: string; phoneCountryName: string; phone: string };

type TPhoneFieldProps = {
  codes: readonly TCallingCode[];
  value: TPhoneValue;
  onChange: (value: TPhoneValue) => void;
  /** Translated error under the number. */
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Country code (default '(+1) - United States') and a digits-only number (spec doc 1 sections 3 and 5). */
export function PhoneField({ codes, value, onChange, error, disabled, autoFocus }: TPhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const options = codes.length ? codes : [{ code: value.phoneCountryCode, country: value.phoneCountryName }];
  return (
    // On a phone the two stack, so the country reads in full ('(+1) - United States', not '(+1) - United Sta').
    <Group align="flex-start" gap="xs" wrap="wrap">
      <NativeSelect
        label={t('phone.countryCode')}
        value={value.phoneCountryCode}
        disabled={disabled}
        data={options.map((code) => ({ value: code.code, label: callingCodeLabel(code, i18n.language) }))}
        onChange={(event) => {
          const code = options.find((item) => item.code === event.currentTarget.value);
          if (code) onChange({ ...value, phoneCountryCode: code.code, phoneCountryName: code.country });
        }}
        w={{ base: '100%', xs: 200 }}
        style={{ flex: 'none' }}
      />
      <TextInput
        label={t('phone.number')}
        placeholder={t('phone.placeholder')}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        leftSection={<IconPhone size={16} stroke={1.6} />}
        value={value.phone}
        disabled={disabled}
        autoFocus={autoFocus}
        // Digits only: anything else typed or pasted is dropped as it arrives.
        onChange={(event) => onChange({ ...value, phone: event.currentTarget.value.replace(/\D+/g, '').slice(0, 20) })}
        error={error}
        withAsterisk
        style={{ flex: '1 1 180px', minWidth: 0 }}
      />
    </Group>
  );
}
