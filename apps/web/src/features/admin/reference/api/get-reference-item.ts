import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { referenceAdminKey } from './get-reference-page';

/** GET /<kind>?id: one item with its member count. */
export async function getReferenceItem(kind: TReferenceKind, id: string, signal?: AbortSignal) {
  const reply = await apiCall(referenceRoutes(kind).list, { query: { id } }, { signal, toast: false });
  if (!('data' in reply)) throw new Error('an item was asked for');
  return reply.data;
}

export function referenceItemQueryOptions(kind: TReferenceKind, id: string) {
  return queryOptions({
    queryKey: [...referenceAdminKey(kind), 'item', id],
    queryFn: ({ signal }) => getReferenceItem(kind, id, signal),
  });
}

export function useReferenceItem(kind: TReferenceKind, id: string | undefined) {
  return useQuery({ ...referenceItemQueryOptions(kind, id ?? ''), enabled: Boolean(id) });
}
