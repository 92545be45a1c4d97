import type { TAppSettings } from '@rounds/contracts/settings';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { useAppSetting } from '../api/update-settings';
import { canSaveQuickLock, quickLockError } from '../lib/settings-form';
import { MinutesForm } from './minutes-form';

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
  return (
    <MinutesForm
      label={t('quickLock.minutes')}
      description={t('quickLock.hint')}
      maxLength={2}
      value={minutes}
      onChange={setMinutes}
      error={error ? t(error) : undefined}
      canSave={canSaveQuickLock(minutes, current)}
      saving={save.isPending}
      saveLabel={t('quickLock.save')}
      onSave={() => save.mutate({ key: 'quickLockMinutes', value: Number(minutes) })}
    />
  );
}
