import { contactRoutes, type TFilterRecipients, type TFilterRecipientsRequest } from '@rounds/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /filter/recipients: how many people a group made from the filter now would reach (issue 25), the count
 * the confirmation shows. The server finds them; nothing of the contact list on screen is sent.
 */
export async function getFilterRecipients(
  request: TFilterRecipientsRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TFilterRecipients> {
  return (await apiCall(contactRoutes.filterRecipients, { body: request }, { signal })).data;
}

export function filterRecipientsQueryOptions(request: TFilterRecipientsRequest) {
  return queryOptions({
    queryKey: ['contacts', 'filter-recipients', request],
    queryFn: ({ signal }) => getFilterRecipients(request, { signal }),
    // Who is on shift changes by the minute: asked afresh each time the dialog opens.
    staleTime: 0,
  });
}

export function useFilterRecipients(request: TFilterRecipientsRequest, enabled: boolean) {
  return useQuery({ ...filterRecipientsQueryOptions(request), enabled });
}
