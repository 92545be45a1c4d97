import { contactRoutes } from '@rounds/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const SAVED_FILTERS_KEY = ['contacts', 'saved-filters'] as const;

/** GET /filter: the current user's saved contact filters, oldest first. */
export async function getSavedFilters({ signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(contactRoutes.filters, {}, { signal });
  return reply.results;
}

export function savedFiltersQueryOptions() {
  return queryOptions({
    queryKey: SAVED_FILTERS_KEY,
    queryFn: ({ signal }) => getSavedFilters({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSavedFilters() {
  return useQuery(savedFiltersQueryOptions());
}
