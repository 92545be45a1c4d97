import type { TContactListRequest } from '@rounds/contracts/contacts';
import type { TReferenceKind } from '@rounds/contracts/reference';

/**
 * The four classification filters of the Contacts screen and of the group modal's People tab, in screen
 * order; each is also the reference kind its choices come from (GET /<kind>/list).
 */
export const FILTER_KINDS = [
  'facility',
  'department',
  'profession',
  'specialty',
] as const satisfies readonly TReferenceKind[];
export type TFilterKind = (typeof FILTER_KINDS)[number];
/** The ids chosen in each filter. */
export type TClassificationFilters = Readonly<Record<TFilterKind, readonly string[]>>;

/** How many choices are applied, across the four filters (the badge on the filter toggle). */
export function filterCount(filters: TClassificationFilters): number {
  return FILTER_KINDS.reduce((sum, kind) => sum + filters[kind].length, 0);
}

/**
 * The POST /contact/list body: the contract's field names, an empty search left out. Both screens shape it
 * the same, so the unfiltered list is one cached query for both, kept current by the same presence events.
 */
export function toListRequest(filters: TClassificationFilters, search: string): TContactListRequest {
  const term = search.trim();
  return {
    ...(term ? { search: term } : {}),
    facilityId: [...filters.facility],
    departmentId: [...filters.department],
    professionId: [...filters.profession],
    specialtyId: [...filters.specialty],
  };
}
