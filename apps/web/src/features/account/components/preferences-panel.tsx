import { Checkbox, Divider, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TLanguage, TTheme } from '@rounds/contracts/common';
import { LANGUAGES } from '@rounds/contracts/values';
import { IconBell, IconLanguage, IconMessageShare, IconMoon, IconPalette, IconSun } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { EulaLink } from '../../../components/eula-link';
import { SectionCard } from '../../../components/section-card';
import { i18n } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences-store';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { useUpdatePreferences } from '../api/update-preferences';

function Row({ label, description, control }: { label: string; description?: ReactNode; control: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Text fw={600} fz="sm">
          {label}
        </Text>
        {description && (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {control}
    </Group>
  );
}

/** A segment's label: its icon, then its text. */
function IconLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}

/**
 * The Settings tab (spec doc 1 section 2): notification sound, theme and language are the account's (POST
 * /setting, applied on every device at login); third-party messaging is this device's choice.
 */
export function PreferencesPanel() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const theme = usePreferences((s) => s.theme);
  const language = usePreferences((s) => s.language);
  const thirdParty = usePreferences((s) => s.thirdPartyMessaging);
  const mutation = useUpdatePreferences();
  // Shown at once (optimistic), then follows the account: the reply, or another tab's change.
  const savedSound = user?.settings.playNotificationSound ?? true;
  const [sound, setSound] = useState(savedSound);
  const [shownSound, setShownSound] = useState(savedSound);
  if (shownSound !== savedSound) {
    setShownSound(savedSound);
    setSound(savedSound);
  }
  if (!user) return null;

  const saved = () => showToast(i18n.t('settings.saved'), 'success');

  const changeTheme = (next: TTheme) => {
    const previous = theme;
    usePreferences.getState().setTheme(next);
    mutation.mutate(
      { id: user.id, settings: { theme: next } },
      { onSuccess: saved, onError: () => usePreferences.getState().setTheme(previous) },
    );
  };
  const changeLanguage = (next: TLanguage) => {
    const previous = language;
    usePreferences.getState().setLanguage(next);
    mutation.mutate(
      { language: next },
      { onSuccess: saved, onError: () => usePreferences.getState().setLanguage(previous) },
    );
  };
  const changeSound = (playNotificationSound: boolean) => {
    setSound(playNotificationSound);
    mutation.mutate(
      { id: user.id, settings: { playNotificationSound } },
      { onSuccess: saved, onError: () => setSound(savedSound) },
    );
  };

  return (
    <Stack gap="lg">
      <SectionCard icon={IconBell} title={t('settings.notifications')}>
        <Checkbox
          size="md"
          checked={sound}
          onChange={(event) => changeSound(event.currentTarget.checked)}
          label={t('settings.playSound')}
          description={t('settings.playSoundHint')}
        />
      </SectionCard>

      <SectionCard icon={IconPalette} title={t('settings.appearance')}>
        <Row
          label={t('settings.theme')}
          description={t('settings.themeHint')}
          control={
            <SegmentedControl
              aria-label={t('settings.theme')}
              value={theme}
              onChange={(value) => changeTheme(value as TTheme)}
              data={[
                {
                  value: 'light',
                  label: <IconLabel icon={<IconSun size={16} stroke={1.7} />} text={t('settings.light')} />,
                },
                {
                  value: 'dark',
                  label: <IconLabel icon={<IconMoon size={16} stroke={1.7} />} text={t('settings.dark')} />,
                },
              ]}
            />
          }
        />
        <Divider />
        <Row
          label={t('language.label')}
          description={t('settings.languageHint')}
          control={
            <SegmentedControl
              aria-label={t('language.label')}
              value={language}
              onChange={(value) => changeLanguage(value as TLanguage)}
              data={LANGUAGES.map((value) => ({
                value,
                label: <IconLabel icon={<IconLanguage size={16} stroke={1.7} />} text={t(`language.${value}`)} />,
              }))}
            />
          }
        />
      </SectionCard>

      <SectionCard icon={IconMessageShare} title={t('settings.thirdParty')}>
        <Checkbox
          size="md"
          checked={thirdParty}
          onChange={(event) => usePreferences.getState().setThirdPartyMessaging(event.currentTarget.checked)}
          label={t('settings.thirdPartyOptIn')}
          description={
            <Trans i18nKey="settings.thirdPartyHint" components={{ eula: <EulaLink fz="sm">EULA</EulaLink> }} />
          }
        />
      </SectionCard>
    </Stack>
  );
}
