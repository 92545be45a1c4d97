import { pushRoutes } from '@rounds/contracts/push';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** POST /push/test: a notification to this device, through the browser vendor's push service like any other. */
export function useSendTestPush() {
  return useMutation({ mutationFn: () => apiCall(pushRoutes.test, {}) });
}
