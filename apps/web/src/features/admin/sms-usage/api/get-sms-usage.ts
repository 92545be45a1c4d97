import { smsRoutes } from '@rounds/contracts/sms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';

/** GET /sms/usage (Admin): SMS sent today and this month, refused by the caps, and the top senders. */
export async function getSmsUsage({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(smsRoutes.usage, {}, { signal })).data;
}

export const smsUsageQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'sms-usage'],
    queryFn: ({ signal }) => getSmsUsage({ signal }),
    staleTime: 30_000,
  });

export function useSmsUsage(enabled: boolean) {
  return useQuery({ ...smsUsageQueryOptions(), enabled });
}
