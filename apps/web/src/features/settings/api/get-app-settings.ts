import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import type { TAppSettings } from '@rounds/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';
import { readJson, writeItem } from '../../../lib/browser-storage';
import { queryClient } from '../../../lib/query-client';

/**
 * GET /setting/app-settings: logos, texts, banner and policies. The spec caches the reply in session
 * storage; here it seeds the query so a reload paints the right logos before the request returns.
 */

// Versioned: a tab still holding an older build's cache must not feed this build a different shape.
const CACHE_KEY = 'rounds.app-settings.v1';

type TCached = { at: number; appSettings: TAppSettings };

/**
 * The cache is only ever written by getAppSettings below, from a reply that passed the contract, so a
 * shape check is enough here (and keeps zod out of the first download).
 */
function readCached(): TCached | undefined {
  const cached = readJson('session', CACHE_KEY) as Partial<TCached> | null;
  if (typeof cached?.at !== 'number' || typeof cached.appSettings !== 'object' || !cached.appSettings) return undefined;
  return cached as TCached;
}

const route = lazyRoute(FIRST_DOWNLOAD_ROUTES.appSettings, () =>
  import('@rounds/contracts/settings').then((settings) => settings.adminSettingRoutes.appSettings),
);

export async function getAppSettings({ signal }: { signal?: AbortSignal } = {}): Promise<TAppSettings> {
  // No toast: every screen has a sensible fallback (built-in logo, empty text) while the server is away.
  const reply = await apiCall(route, {}, { auth: false, toast: false, signal });
  writeItem('session', CACHE_KEY, JSON.stringify({ at: Date.now(), appSettings: reply.appSettings }));
  return reply.appSettings;
}

export function appSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'app'],
    queryFn: getAppSettings,
    initialData: () => readCached()?.appSettings,
    initialDataUpdatedAt: () => readCached()?.at,
    staleTime: 5 * 60_000,
    // Pages fall back gracefully without settings, so do not keep them waiting on a server that is away.
    retry: 1,
  });
}

export function useAppSettings() {
  return useQuery(appSettingsQueryOptions());
}

/**
 * Replaces the app settings every screen reads (logos, texts, banner) with newer ones: an administrator's
 * save, or AppSettingsChanged from the server. The session cache follows, so a reload paints the new ones.
 */
export function setAppSettings(appSettings: TAppSettings): void {
  queryClient.setQueryData(appSettingsQueryOptions().queryKey, appSettings);
  writeItem('session', CACHE_KEY, JSON.stringify({ at: Date.now(), appSettings }));
}

/** Changes a few fields of the settings on screen (e.g. one logo just uploaded). */
export function patchAppSettings(patch: Partial<TAppSettings>): void {
  const current = queryClient.getQueryData(appSettingsQueryOptions().queryKey);
  if (current) setAppSettings({ ...current, ...patch });
  else void queryClient.invalidateQueries({ queryKey: appSettingsQueryOptions().queryKey });
}
