import { Button, Group, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = {
  label: string;
  description: string;
  maxLength: number;
  value: string;
  onChange: (text: string) => void;
  /** The field's message, already translated. */
  error: string | undefined;
  canSave: boolean;
  saving: boolean;
  saveLabel: string;
  onSave: () => void;
};

/** A number of minutes and its Save button, as the app settings' timeouts are set (session, screen lock). */
export function MinutesForm({
  label,
  description,
  maxLength,
  value,
  onChange,
  error,
  canSave,
  saving,
  saveLabel,
  onSave,
}: TProps) {
  const { t } = useTranslation('adminUsers');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSave) onSave();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={label}
          description={description}
          inputMode="numeric"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.trim())}
          error={error}
          rightSection={
            <Text fz="xs" c="dimmed" pr={6}>
              {t('minutes')}
            </Text>
          }
          rightSectionWidth={48}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" mt={{ base: 0, xs: 46 }} disabled={!canSave} loading={saving}>
          {saveLabel}
        </Button>
      </Group>
    </form>
  );
}
