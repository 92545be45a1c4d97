import { pushRoutes, type TPushContentLevel } from '@rounds/contracts/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /push/settings (Admin): what a notification may say. */
export const pushSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['push', 'settings'],
    queryFn: async ({ signal }) => (await apiCall(pushRoutes.settings, {}, { signal, toast: false })).data,
  });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}

/** PUT /push/settings (Admin). */
export function useUpdatePushSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (contentLevel: TPushContentLevel) =>
      (await apiCall(pushRoutes.updateSettings, { body: { contentLevel } })).data,
    onSuccess: (settings) => client.setQueryData(pushSettingsQueryOptions().queryKey, settings),
  });
}
