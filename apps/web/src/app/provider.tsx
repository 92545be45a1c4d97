import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TIMINGS } from '@rounds/contracts/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePreferences } from '../lib/preferences-store';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/**
 * The colour scheme is forced from the preferences store rather than Mantine's own manager: the theme is
 * an account-level choice (synced by the settings issue), and Mantine's ColorSchemeScript would need an
 * inline script, which the server's CSP forbids. Mantine still sets data-mantine-color-scheme on <html>.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const colorScheme = usePreferences((s) => s.theme);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme}>
      <Notifications position="top-center" autoClose={TIMINGS.toastMs} limit={4} zIndex={4000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
