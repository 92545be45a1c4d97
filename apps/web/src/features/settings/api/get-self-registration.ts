import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const route = lazyRoute(FIRST_DOWNLOAD_ROUTES.selfRegistration, () =>
  import('@rounds/contracts/settings').then((settings) => settings.publicSettingRoutes.selfRegistration),
);

/** GET /setting/self-registration: the reply is the string 'true' or 'false' (spec doc 1 section 7). */
export async function getSelfRegistration({ signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  // Silent on failure: the Register button just stays hidden, which is the safe default.
  const reply = await apiCall(route, {}, { auth: false, toast: false, signal });
  return reply.isSelfRegistrationEnabled === 'true';
}

export function selfRegistrationQueryOptions() {
  return queryOptions({ queryKey: ['settings', 'self-registration'], queryFn: getSelfRegistration, retry: false });
}

export function useSelfRegistration() {
  return useQuery(selfRegistrationQueryOptions());
}
