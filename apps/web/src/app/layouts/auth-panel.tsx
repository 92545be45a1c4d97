import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EulaLink } from '../../components/eula-link';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { COPYRIGHT_YEAR } from '../../lib/brand';

type TAuthPanelProps = {
  /** Card width; the login card fills its panel. */
  width?: number;
  children: ReactNode;
};

/**
 * The signed-out panel that login and the screens after it share: language and theme in the corner, one
 * centred card, the licence and copyright at the foot.
 */
export function AuthPanel({ width, children }: TAuthPanelProps) {
  const { t } = useTranslation();
  return (
    <div className="auth-panel">
      <div className="auth-panel__tools">
        <LanguageSelect />
        <ThemeToggle />
      </div>
      <div className="auth-panel__body">
        <Paper className="auth-card" radius="lg" p={{ base: 'lg', sm: 36 }} shadow="md" withBorder maw={width}>
          {children}
        </Paper>
      </div>
      <footer className="auth-panel__footer">
        <EulaLink fz="xs" c="dimmed">
          {t('legal.eula')}
        </EulaLink>
        <span>{t('nav.copyright', { year: COPYRIGHT_YEAR })}</span>
      </footer>
    </div>
  );
}
