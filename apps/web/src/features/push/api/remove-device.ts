import { pushRoutes } from '@rounds/contracts/push';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { pushDevicesQueryOptions } from './get-devices';

/** DELETE /push/devices/:id: that device gets no more notifications for this account. */
export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(pushRoutes.removeDevice, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey }),
  });
}
