import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { API_PREFIX } from '@rounds/contracts/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, lazyRoute } from '../../../lib/api-call';

const statusRoute = lazyRoute(FIRST_DOWNLOAD_ROUTES.ssoStatus, () =>
  import('@rounds/contracts/sso').then((contract) => contract.ssoRoutes.status),
);

/** Where the SSO button sends the browser: a navigation to the server, which redirects to the provider. */
export const SSO_START_URL = `${API_PREFIX}/auth/sso/start`;

/** GET /auth/sso: whether the login page offers single sign-on, its label, and whether the provider answers. */
export async function getSsoStatus({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(statusRoute, {}, { signal, auth: false, toast: false })).data;
}

export const ssoStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['identity', 'sso'],
    queryFn: ({ signal }) => getSsoStatus({ signal }),
    // A provider that was down is asked about again while the login page stays open.
    refetchInterval: (query) => (query.state.data?.enabled && !query.state.data.available ? 15_000 : false),
    retry: false,
  });

export function useSsoStatus() {
  return useQuery(ssoStatusQueryOptions());
}
