import { Button, Divider, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TAppSettings } from '@rounds/contracts/settings';
import { IconSettings } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useAppSetting } from '../api/update-settings';
import { canSaveTimeout, defaultTimeoutError } from '../lib/settings-form';

type TAppSettingsCardProps = {
  settings: TAppSettings;
  /** What 0 (no default set) means: the server's built-in timeout. */
  builtInTimeout: number;
  onSaved: (settings: TAppSettings) => void;
};

/** Admin only (doc 2 section 7): the default session timeout and self-registration, each saved by POST /setting. */
export function AppSettingsCard({ settings, builtInTimeout, onSaved }: TAppSettingsCardProps) {
  const { t } = useTranslation('adminUsers');
  const save = useAppSetting(onSaved);
  const current = settings.sessionTimeout || builtInTimeout;
  const [timeout, setTimeoutText] = useState(String(current));
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    if (timeout === String(shown)) setTimeoutText(String(current));
    setShown(current);
  }
  const error = defaultTimeoutError(timeout);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSaveTimeout(timeout, current)) return;
    save.mutate({ key: 'sessionTimeout', value: Number(timeout) });
  };

  return (
    <SectionCard icon={IconSettings} title={t('appSettings.title')} id="app-settings">
      <form onSubmit={submit} noValidate>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('appSettings.timeout')}
            description={t('appSettings.timeoutHint')}
            inputMode="numeric"
            maxLength={7}
            value={timeout}
            onChange={(event) => setTimeoutText(event.currentTarget.value.trim())}
            error={error ? t(error) : undefined}
            rightSection={
              <Text fz="xs" c="dimmed" pr={6}>
                {t('minutes')}
              </Text>
            }
            rightSectionWidth={48}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 46 }}
            disabled={!canSaveTimeout(timeout, current)}
            loading={save.isPending && save.variables?.key === 'sessionTimeout'}
          >
            {t('appSettings.saveTimeout')}
          </Button>
        </Group>
      </form>
      <Divider />
      <Stack gap={4}>
        <Switch
          label={t('appSettings.selfRegistration')}
          description={t('appSettings.selfRegistrationHint')}
          checked={settings.isSelfRegistrationEnabled}
          disabled={save.isPending && save.variables?.key === 'isSelfRegistrationEnabled'}
          onChange={(event) => save.mutate({ key: 'isSelfRegistrationEnabled', value: event.currentTarget.checked })}
        />
      </Stack>
    </SectionCard>
  );
}
