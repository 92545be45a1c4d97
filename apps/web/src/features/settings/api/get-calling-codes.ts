import { publicSettingRoutes } from '@rounds/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/** GET /setting/calling-codes: phone country codes for the register and account forms (reply data.data). */
export async function getCallingCodes({ signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(publicSettingRoutes.callingCodes, {}, { auth: false, signal });
  return reply.data.data;
}

export function callingCodesQueryOptions() {
  return queryOptions({ queryKey: ['settings', 'calling-codes'], queryFn: getCallingCodes, staleTime: Infinity });
}

export function useCallingCodes() {
  return useQuery(callingCodesQueryOptions());
}
