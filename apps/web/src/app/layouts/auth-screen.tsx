import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { AuthPanel } from './auth-panel';

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
  const logo = useLogo('square');
  return (
    <div className="auth-page auth-page--single">
      <AuthPanel width={width}>
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
      </AuthPanel>
    </div>
  );
}
