import { LIMITS } from '@rounds/contracts/limits';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './filters';
import { defaultGroupName, MAX_RECIPIENTS, recipientsVerdict } from './recipients';

describe('a filter as a recipient list', () => {
  it('tells nobody, too many for a group, and a group to start apart', () => {
    expect(recipientsVerdict({ count: 0 })).toBe('none');
    expect(recipientsVerdict({ count: 1 })).toBe('ok');
    expect(recipientsVerdict({ count: MAX_RECIPIENTS })).toBe('ok');
    expect(recipientsVerdict({ count: MAX_RECIPIENTS + 1 })).toBe('tooMany');
  });

  it("starts the group's name from the saved filter, or from the chosen items in screen order", () => {
    const names = new Map([
      ['d1', 'ICU'],
      ['p1', 'Registered Nurse'],
      ['f1', 'Riverside'],
    ]);
    const filters = { ...NO_FILTERS, profession: ['p1'], department: ['d1'], facility: ['f1', 'gone'] };
    expect(defaultGroupName('ICU nurses', filters, () => names)).toBe('ICU nurses');
    expect(defaultGroupName(null, filters, () => names)).toBe('Riverside, ICU, Registered Nurse');
    const long = new Map([['d1', 'x'.repeat(200)]]);
    expect(defaultGroupName(null, { ...NO_FILTERS, department: ['d1'] }, () => long)).toHaveLength(LIMITS.groupNameMax);
  });
});
