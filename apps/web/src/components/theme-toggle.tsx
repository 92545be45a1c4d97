import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences-store';

/** Light/dark switch. A native title rather than a Mantine Tooltip keeps floating-ui off the login page. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = usePreferences((s) => s.theme);
  const toggleTheme = usePreferences((s) => s.toggleTheme);
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('theme.toggle')}
      title={theme === 'dark' ? t('theme.light') : t('theme.dark')}
      onClick={toggleTheme}
    >
      {/* Both icons, shown by the colour-scheme attribute rather than by state: on the page the server sends
          rendered (light), a dark user already sees the sun before the app takes over. */}
      <IconSun size={18} stroke={1.6} className="mantine-light-hidden" />
      <IconMoon size={18} stroke={1.6} className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
