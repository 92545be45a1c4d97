import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-call';
import { REFERENCE_PAGE_SIZE } from '../reference-sections';

/** Every admin query of one kind starts with this key: a write invalidates them all. */
export const referenceAdminKey = (kind: TReferenceKind) => ['admin', 'reference', kind] as const;

/** GET /<kind>?keyword&page&pageSize: one page of the section's list, 10 a page (doc 2 section 9). */
export async function getReferencePage(
  kind: TReferenceKind,
  { keyword, page }: { keyword: string; page: number },
  signal?: AbortSignal,
) {
  const reply = await apiCall(
    referenceRoutes(kind).list,
    { query: { keyword: keyword || undefined, page, pageSize: REFERENCE_PAGE_SIZE } },
    { signal },
  );
  if (!('results' in reply)) throw new Error('a list was asked for');
  return reply;
}

export function referencePageQueryOptions(kind: TReferenceKind, keyword: string, page: number) {
  return queryOptions({
    queryKey: [...referenceAdminKey(kind), 'page', { keyword, page }],
    queryFn: ({ signal }) => getReferencePage(kind, { keyword, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferencePage(kind: TReferenceKind, keyword: string, page: number) {
  return useQuery(referencePageQueryOptions(kind, keyword, page));
}
