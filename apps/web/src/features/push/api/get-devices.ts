import { pushRoutes } from '@rounds/contracts/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** GET /push/devices: the devices this account gets notifications on (one per signed-in browser that asked). */
// No toast: the panel says beside the list that it could not be loaded.
export async function getPushDevices({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(pushRoutes.devices, {}, { signal, toast: false })).data.devices;
}

export const pushDevicesQueryOptions = () =>
  queryOptions({ queryKey: ['push', 'devices'], queryFn: ({ signal }) => getPushDevices({ signal }) });

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions());
}
