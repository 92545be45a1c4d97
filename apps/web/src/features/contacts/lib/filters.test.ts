import { describe, expect, it } from 'vitest';
import { filterCount, toListRequest } from '../../../lib/classification-filters';
import { fromSavedFilter, hasFilters, NO_FILTERS, sameFilters, type TFilterParams, toSavedParams } from './filters';

const chosen: TFilterParams = { facility: ['f1', 'f2'], department: [], profession: ['p1'], specialty: [] };

describe('contact filters', () => {
  it('counts the choices', () => {
    expect(filterCount(NO_FILTERS)).toBe(0);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(filterCount(chosen)).toBe(3);
    expect(hasFilters(chosen)).toBe(true);
  });

  it('builds the contact-list request with the contract field names', () => {
    expect(toListRequest(chosen, '  mia ')).toEqual({
      search: 'mia',
      facilityId: ['f1', 'f2'],
      departmentId: [],
      professionId: ['p1'],
      specialtyId: [],
    });
    expect(toListRequest(NO_FILTERS, '   ')).not.toHaveProperty('search');
  });

  it('round-trips through a saved filter', () => {
    const params = toSavedParams({ ...chosen, facility: ['f1', 'f2', 'f1'] });
    expect(params).toEqual(chosen);
    expect(fromSavedFilter({ params })).toEqual(chosen);
    expect(sameFilters(fromSavedFilter({ params }), chosen)).toBe(true);
  });

  it('drops ids that no longer exist, once the lists are known', () => {
    const known = { facility: new Set(['f2']), profession: new Set(['p1']) };
    expect(fromSavedFilter({ params: chosen }, known)).toEqual({ ...chosen, facility: ['f2'] });
  });

  it('compares choices in any order', () => {
    expect(sameFilters(chosen, { ...chosen, facility: ['f2', 'f1'] })).toBe(true);
    expect(sameFilters(chosen, { ...chosen, facility: ['f1'] })).toBe(false);
    expect(sameFilters(chosen, NO_FILTERS)).toBe(false);
  });
});
