import { describe, expect, it } from 'vitest';
import { titleWithAlert } from './title-alert';

describe('titleWithAlert', () => {
  it('puts waiting URGENT messages before the page name, and leaves the title alone without them', () => {
    expect(titleWithAlert('Contacts · Rounds', 2, '(2) URGENT')).toBe('(2) URGENT · Contacts · Rounds');
    expect(titleWithAlert('Contacts · Rounds', 0, '(0) URGENT')).toBe('Contacts · Rounds');
  });
});
