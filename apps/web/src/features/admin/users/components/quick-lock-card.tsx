import { Button, Group, Text, TextInput } from '@mantine/core';
import type { TAppSettings } from '@rounds/contracts/settings';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useAppSetting } from '../api/update-settings';
import { canSaveQuickLock, quickLockError } from '../lib/settings-form';

type TProps = { settings: TAppSettings; onSaved: (settings: TAppSettings) => void };

/**
 * Admin only (issue 26): minutes without activity before the screen of a user with a quick-unlock PIN locks on a
 * shared workstation, 0 to turn the lock off. Its form restarts from the saved value (the card's key).
 */
export function QuickLockCard({ settings, onSaved }: TProps) {
  const { t } = useTranslation('adminUsers');
  return (
    <SectionCard icon={IconLock} title={t('quickLock.title')} id="quick-lock">
      <QuickLockForm key={settings.quickLockMinutes} current={settings.quickLockMinutes} onSaved={onSaved} />
    </SectionCard>
  );
}

function QuickLockForm({ current, onSaved }: { current: number; onSaved: TProps['onSaved'] }) {
  const { t } = useTranslation('adminUsers');
  const save = useAppSetting(onSaved);
  const [minutes, setMinutes] = useState(String(current));
  const error = quickLockError(minutes);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSaveQuickLock(minutes, current)) save.mutate({ key: 'quickLockMinutes', value: Number(minutes) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={t('quickLock.minutes')}
          description={t('quickLock.hint')}
          inputMode="numeric"
          maxLength={2}
          value={minutes}
          onChange={(event) => setMinutes(event.currentTarget.value.trim())}
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
          disabled={!canSaveQuickLock(minutes, current)}
          loading={save.isPending}
        >
          {t('quickLock.save')}
        </Button>
      </Group>
    </form>
  );
}
