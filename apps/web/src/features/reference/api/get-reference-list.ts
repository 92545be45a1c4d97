import { referenceRoutes, type TReferenceKind } from '@rounds/contracts/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClassificationLists } from '../../../components/classification-fields';
import { apiCall } from '../../../lib/api-call';

/**
 * GET /<kind>/list?pageSize=10000: the public list of one kind of reference data (facility, department,
 * profession, specialty, suffix), as registration and the profile ask for it (spec doc 1 section 7).
 */
export async function getReferenceList(kind: TReferenceKind, { signal }: { signal?: AbortSignal } = {}) {
  const reply = await apiCall(
    referenceRoutes(kind).publicList,
    { query: { pageSize: 10_000 } },
    { auth: false, signal },
  );
  return reply.results;
}

export function referenceListQueryOptions(kind: TReferenceKind) {
  return queryOptions({
    queryKey: ['reference', kind, 'list'],
    queryFn: ({ signal }) => getReferenceList(kind, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useReferenceList(kind: TReferenceKind) {
  return useQuery(referenceListQueryOptions(kind));
}

/** The five lists the classification fields offer (registration, profile, an administrator's user page). */
export function useClassificationLists(): TClassificationLists {
  return {
    facility: useReferenceList('facility').data,
    department: useReferenceList('department').data,
    profession: useReferenceList('profession').data,
    specialty: useReferenceList('specialty').data,
    suffix: useReferenceList('suffix').data,
  };
}
