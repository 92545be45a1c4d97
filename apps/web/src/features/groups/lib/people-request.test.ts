import { describe, expect, it } from 'vitest';
import { filterCount, toListRequest } from '../../../lib/classification-filters';
import { detailLine, NO_FILTERS } from './people-request';

describe('people request', () => {
  it('asks for the whole directory exactly as the Contacts screen does, so both share one cached list', () => {
    expect(toListRequest(NO_FILTERS, '  ')).toEqual({
      facilityId: [],
      departmentId: [],
      professionId: [],
      specialtyId: [],
    });
  });

  it('sends the search trimmed and the filters under the contract names', () => {
    const filters = { ...NO_FILTERS, facility: ['f1'], specialty: ['s1', 's2'] };
    expect(filterCount(filters)).toBe(3);
    expect(toListRequest(filters, ' mia ')).toEqual({
      search: 'mia',
      facilityId: ['f1'],
      departmentId: [],
      professionId: [],
      specialtyId: ['s1', 's2'],
    });
  });

  it('writes the role line from clinical roles and suffixes', () => {
    expect(
      detailLine({ professions: [{ id: 'p', name: 'Registered Nurse' }], suffixes: [{ id: 's', name: 'RN' }] }),
    ).toBe('Registered Nurse · RN');
    expect(detailLine({ professions: [], suffixes: [] })).toBe('');
  });
});
