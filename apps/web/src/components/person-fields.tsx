import { Text, TextInput } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/use-form';
import { EmailField } from './email-field';

// The fields that describe a person, as the registration form, the own profile, the contact card and an
// administrator's user page show them. Errors are the form's keys (or server texts); the fields translate them.

type TNames = { firstName: string; lastName: string };

type TNameFieldsProps = {
  values: TNames;
  errors: Partial<Record<keyof TNames, string>>;
  onChange: (changes: Partial<TNames>) => void;
  /** Off on an administrator's page: the browser would offer the administrator's own name. */
  autoComplete?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** First and last name, both required (spec doc 1 sections 2 and 5). The caller lays them out. */
export function NameFields({ values, errors, onChange, autoComplete = true, autoFocus, disabled }: TNameFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      <TextInput
        label={t('account.firstName')}
        autoComplete={autoComplete ? 'given-name' : undefined}
        maxLength={LIMITS.textMaxLength}
        value={values.firstName}
        onChange={(event) => onChange({ firstName: event.currentTarget.value })}
        error={errorText(errors.firstName)}
        disabled={disabled}
        withAsterisk
        autoFocus={autoFocus}
      />
      <TextInput
        label={t('account.lastName')}
        autoComplete={autoComplete ? 'family-name' : undefined}
        maxLength={LIMITS.textMaxLength}
        value={values.lastName}
        onChange={(event) => onChange({ lastName: event.currentTarget.value })}
        error={errorText(errors.lastName)}
        disabled={disabled}
        withAsterisk
      />
    </>
  );
}

type TOwnEmailFieldProps = {
  value: string;
  error: string | undefined;
  onChange: (email: string) => void;
  /** Registration asks for it (required, with an example); the contact card shows the current one. */
  registering?: boolean;
};

/** The signed-in (or registering) person's own email. */
export function OwnEmailField({ value, error, onChange, registering }: TOwnEmailFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <EmailField
      label={t('auth.email')}
      placeholder={registering ? t('auth.emailPlaceholder') : undefined}
      autoComplete="email"
      value={value}
      onChange={onChange}
      error={errorText(error)}
      withAsterisk={registering}
    />
  );
}

type TSessionTimeoutFieldProps = {
  label: string;
  description: string;
  /** The default the empty field stands for. */
  placeholder: string;
  /** Digits as typed; '' means the default timeout. */
  value: string;
  error: string | undefined;
  onChange: (digits: string) => void;
  disabled?: boolean;
  maw?: { sm: string };
};

/** A person's own session timeout in minutes (spec doc 1 section 5, doc 2 section 2): digits only. */
export function SessionTimeoutField({ value, error, onChange, ...shown }: TSessionTimeoutFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <TextInput
      {...shown}
      inputMode="numeric"
      maxLength={6}
      rightSection={
        <Text fz="xs" c="dimmed" pr={6}>
          {t('account.minutes')}
        </Text>
      }
      rightSectionWidth={56}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D+/g, ''))}
      error={errorText(error)}
    />
  );
}
