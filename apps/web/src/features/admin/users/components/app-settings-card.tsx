import { Divider, Stack, Switch } from '@mantine/core';
import type { TAppSettings } from '@rounds/contracts/settings';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useAppSetting } from '../api/update-settings';
import { canSaveTimeout, defaultTimeoutError } from '../lib/settings-form';
import { MinutesForm } from './minutes-form';

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

  return (
    <SectionCard icon={IconSettings} title={t('appSettings.title')} id="app-settings">
      <MinutesForm
        label={t('appSettings.timeout')}
        description={t('appSettings.timeoutHint')}
        maxLength={7}
        value={timeout}
        onChange={setTimeoutText}
        error={error ? t(error) : undefined}
        canSave={canSaveTimeout(timeout, current)}
        saving={save.isPending && save.variables?.key === 'sessionTimeout'}
        saveLabel={t('appSettings.saveTimeout')}
        onSave={() => save.mutate({ key: 'sessionTimeout', value: Number(timeout) })}
      />
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
