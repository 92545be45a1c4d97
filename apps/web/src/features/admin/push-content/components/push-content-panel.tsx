import { Alert, Loader, Radio, Stack } from '@mantine/core';
import { PUSH_CONTENT_LEVELS, type TPushContentLevel } from '@rounds/contracts/push';
import { IconAlertTriangle, IconBellCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../../components/section-card';
import { showToast } from '../../../../lib/toast';
import { usePushSettings, useUpdatePushSettings } from '../api/push-settings';

/**
 * Administration (Admin only): what a push notification may say on a locked phone. Names by default; the
 * message text only on purpose, with the warning that it then leaves the hospital's network through the browser
 * vendor's push service (encrypted in transit, shown on the lock screen). Its texts are the 'admin-sections'
 * namespace, registered by the admin page that shows it.
 */
export function PushContentPanel() {
  const { t } = useTranslation('admin-sections');
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  // The choice shows at once, in the click itself: the mutation's own state reaches React a tick later, and a
  // controlled radio meanwhile snapped back to the saved value (a quick second choice then seemed not to take).
  const [chosen, setChosen] = useState<TPushContentLevel | null>(null);
  const level = chosen ?? settings.data?.contentLevel;

  const choose = (value: string) => {
    setChosen(value as TPushContentLevel);
    update.mutate(value as TPushContentLevel, {
      onSuccess: () => showToast(t('pushContent.saved'), 'success'),
      onSettled: () => setChosen(null),
    });
  };

  return (
    <SectionCard
      id="push-content"
      icon={IconBellCog}
      title={t('pushContent.title')}
      description={t('pushContent.hint')}
    >
      {settings.isPending && <Loader size="sm" />}
      {settings.isError && <Alert color="red">{t('pushContent.failed')}</Alert>}
      {settings.data && (
        <Radio.Group value={level} onChange={choose} aria-labelledby="push-content-title">
          <Stack gap="sm">
            {PUSH_CONTENT_LEVELS.map((value) => (
              <Radio
                key={value}
                value={value}
                disabled={update.isPending}
                label={t(`pushContent.levels.${value}.label`)}
                description={t(`pushContent.levels.${value}.example`)}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {level === 'text' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {t('pushContent.textWarning')}
        </Alert>
      )}
    </SectionCard>
  );
}
