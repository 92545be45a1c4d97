import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-call';

/**
 * GET /<kind>/list?all=1 (public): every facility, department, clinical role or specialty, the choices of
 * one contact filter. Shared by the contacts screen and the group modal (features do not import each other);
 * registration's reference lists (features/reference) ask for a page instead of `all`.
 */
export async function getFilterOptions(kind: TReferenceKind, { signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(referenceRoutes(kind).publicList, { query: { all: '1' } }, { auth: false, signal });
  return reply.results;
}

export function filterOptionsQueryOptions(kind: TReferenceKind) {
  return queryOptions({
    queryKey: ['reference', kind, 'all'],
    queryFn: ({ signal }) => getFilterOptions(kind, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useFilterOptions(kind: TReferenceKind) {
  return useQuery(filterOptionsQueryOptions(kind));
}

/** The choices of the four classification filters, by kind, in the order the filters are shown. */
export function useEveryFilterOptions() {
  return {
    facility: useFilterOptions('facility'),
    department: useFilterOptions('department'),
    profession: useFilterOptions('profession'),
    specialty: useFilterOptions('specialty'),
  };
}
