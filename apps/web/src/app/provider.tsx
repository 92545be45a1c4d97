import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TIMINGS } from '@rounds/contracts/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences-store';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * The colour scheme is forced from the preferences store rather than Mantine's own manager: the theme is
 * an account-level choice (synced by the settings issue). Before the app loads, the inline script of
 * contracts/first-paint.ts (allowed by its hash in the server's CSP) sets data-mantine-color-scheme on <html> from
 * the same stored theme, as Mantine's ColorSchemeScript would; Mantine keeps it in step from then on.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const colorScheme = usePreferences((s) => s.theme);
  const { t } = useTranslation();
  // Every close button Mantine draws (dialogs, toasts) is an icon: it gets its name here, in the reader's
  // language, rather than at each dialog and toast (axe found three unnamed ones).
  const named = useMemo(() => {
    const close = { closeButtonProps: { 'aria-label': t('common.close') } };
    return mergeThemeOverrides(theme, {
      components: {
        CloseButton: { defaultProps: { 'aria-label': t('common.close') } },
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        Notification: { defaultProps: close },
      },
    });
  }, [t]);
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colorScheme}>
      <Notifications position="top-center" autoClose={TIMINGS.toastMs} limit={4} zIndex={4000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
