import type { TAckGridEntry } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import { filterGrid } from './ack-grid';

const entry = (fullName: string, state: TAckGridEntry['state']): TAckGridEntry => ({
  userId: fullName.replaceAll(' ', '').padEnd(24, '0').slice(0, 24),
  fullName,
  state,
  at: state === 'acknowledged' || state === 'read' ? 1 : null,
});
const grid = [
  entry('Nora Away', 'notReached'),
  entry('Hugo History', 'delivered'),
  entry('Rita Reader', 'read'),
  entry('Ada Acker', 'acknowledged'),
  entry('Adam Lambert', 'acknowledged'),
];

describe('filterGrid', () => {
  it('keeps everyone, untouched, with no filter and no search', () => {
    expect(filterGrid(grid, 'all', '  ')).toBe(grid);
  });
  it('keeps one state, in order', () => {
    expect(filterGrid(grid, 'acknowledged', '').map((r) => r.fullName)).toEqual(['Ada Acker', 'Adam Lambert']);
    expect(filterGrid(grid, 'notReached', '').map((r) => r.fullName)).toEqual(['Nora Away']);
  });
  it('finds by every word of the name, any case, within the state', () => {
    expect(filterGrid(grid, 'all', 'ada').map((r) => r.fullName)).toEqual(['Ada Acker', 'Adam Lambert']);
    expect(filterGrid(grid, 'acknowledged', 'LAMB ad').map((r) => r.fullName)).toEqual(['Adam Lambert']);
    expect(filterGrid(grid, 'read', 'ada')).toEqual([]);
  });
});
