import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/brand-logo';
import { EulaLink } from '../../components/eula-link';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { COPYRIGHT_YEAR } from '../../lib/brand';

type TAuthScreenProps = {
  title: string;
  subtitle?: ReactNode;
  /** A large icon above the title (confirm screens); without it the logo is shown. */
  icon?: Icon;
  /** Above the title: e.g. the step of a two-step flow. */
  eyebrow?: ReactNode;
  /** Card width: 440 for short forms, wider for registration. */
  width?: number;
  children: ReactNode;
};

/**
 * The frame of the signed-out screens after login (register, confirm, forgot, reset): language and theme in
 * the corner, one centred card, the licence and copyright at the foot. Same look as the login panel.
 */
export function AuthScreen({ title, subtitle, icon: HeaderIcon, eyebrow, width = 440, children }: TAuthScreenProps) {
  const { t } = useTranslation();
  const logo = useLogo('square');
  return (
    <div className="auth-page auth-page--single">
      <div className="auth-panel">
        <div className="auth-panel__tools">
          <LanguageSelect />
          <ThemeToggle />
        </div>
        <div className="auth-panel__body">
          <Paper className="auth-card" radius="lg" p={{ base: 'lg', sm: 36 }} shadow="md" withBorder maw={width}>
            <Stack align="center" gap={6} mb="lg" ta="center">
              {HeaderIcon ? (
                <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                  <HeaderIcon size={30} stroke={1.6} />
                </ThemeIcon>
              ) : (
                <BrandLogo src={logo} height={48} withWordmark />
              )}
              {eyebrow}
              <Title order={1} fz="h2" mt={4}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" fz="sm" maw={460}>
                  {subtitle}
                </Text>
              )}
            </Stack>
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
    </div>
  );
}
