import type { TSavedFilter } from '@rounds/contracts/contacts';
import { FILTER_KINDS, filterCount } from '../../../lib/classification-filters';

/** The four classification filters of the Contacts screen, shaped as a saved filter's params (contract). */
export type TFilterParams = TSavedFilter['params'];
export type TFilterKind = keyof TFilterParams;

export const NO_FILTERS: TFilterParams = Object.freeze({ facility: [], department: [], profession: [], specialty: [] });

export function hasFilters(params: TFilterParams): boolean {
  return filterCount(params) > 0;
}

/** The params to store for the current choices (POST /filter), without duplicates. */
export function toSavedParams(params: TFilterParams): TFilterParams {
  return {
    facility: unique(params.facility),
    department: unique(params.department),
    profession: unique(params.profession),
    specialty: unique(params.specialty),
  };
}

/**
 * The choices a saved filter applies. Ids whose item has since been deleted are dropped when the current
 * lists are known: filtering on them would hide everyone for no visible reason.
 */
export function fromSavedFilter(
  saved: Pick<TSavedFilter, 'params'>,
  known?: Partial<Record<TFilterKind, ReadonlySet<string>>>,
): TFilterParams {
  const keep = (kind: TFilterKind) => {
    const ids = unique(saved.params[kind] ?? []);
    const list = known?.[kind];
    return list ? ids.filter((id) => list.has(id)) : ids;
  };
  return {
    facility: keep('facility'),
    department: keep('department'),
    profession: keep('profession'),
    specialty: keep('specialty'),
  };
}

/** Same choices, in any order. */
export function sameFilters(a: TFilterParams, b: TFilterParams): boolean {
  return FILTER_KINDS.every((kind) => {
    const left = new Set(a[kind]);
    const right = new Set(b[kind]);
    return left.size === right.size && [...left].every((id) => right.has(id));
  });
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
