import { ZSmsUsageReply } from '@rounds/contracts/sms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /sms/usage (Admin): SMS sent today and this month, refused by the caps, and the top senders. */
export async function getSmsUsage({ signal }: { signal?: AbortSignal } = {}) {
  return (await api.get('/sms/usage', { schema: ZSmsUsageReply, signal })).data;
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
