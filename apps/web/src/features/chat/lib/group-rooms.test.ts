import { describe, expect, it } from 'vitest';
import { activityAt, groupRooms, matchesSearch, sortRooms } from './group-rooms';
import { hex, message, room } from './test-fixtures';

const now = new Date(2025, 2, 10, 15, 0).getTime();
const at = (daysAgo: number, hour = 9) => new Date(2025, 2, 10 - daysAgo, hour).getTime();
const withLast = (n: number, timetoken: number, patch = {}) =>
  room({ twId: hex(100 + n), id: hex(100 + n), name: `Room ${n}`, lastMessage: message(1, { timetoken }), ...patch });

describe('groupRooms', () => {
  it('lists favorites first, then Today, Yesterday and each earlier day, newest first', () => {
    const sections = groupRooms(
      [
        withLast(1, at(0, 8)),
        withLast(2, at(1)),
        withLast(3, at(0, 12)),
        withLast(4, at(5)),
        withLast(5, at(3), { isFavorite: true }),
        withLast(6, at(5, 20)),
      ],
      now,
    );
    expect(sections.map((s) => s.kind)).toEqual(['favorites', 'today', 'yesterday', 'date']);
    expect(sections.map((s) => s.rooms.map((r) => r.name))).toEqual([
      ['Room 5'],
      ['Room 3', 'Room 1'],
      ['Room 2'],
      ['Room 6', 'Room 4'],
    ]);
  });

  it('places a room without messages by its creation time', () => {
    const sections = groupRooms([room({ name: 'New', createdAt: at(0, 14) })], now);
    expect(sections[0]?.kind).toBe('today');
  });

  it('gives separate sections to separate earlier days', () => {
    const sections = groupRooms([withLast(1, at(3)), withLast(2, at(4))], now);
    expect(sections.map((s) => s.kind)).toEqual(['date', 'date']);
    expect(new Set(sections.map((s) => s.key)).size).toBe(2);
  });

  it('returns nothing for no rooms', () => {
    expect(groupRooms([], now)).toEqual([]);
  });
});

describe('sortRooms', () => {
  it('breaks ties by name', () => {
    const sorted = sortRooms([room({ name: 'B' }), room({ name: 'A' })]);
    expect(sorted.map((r) => r.name)).toEqual(['A', 'B']);
  });
});

describe('matchesSearch', () => {
  it('ignores case and accents, and needs every word', () => {
    expect(matchesSearch('Léa Laurent', 'lea')).toBe(true);
    expect(matchesSearch('Léa Laurent', 'LAU léa')).toBe(true);
    expect(matchesSearch('Léa Laurent', 'lea martin')).toBe(false);
    expect(matchesSearch('ICU night shift', '  ')).toBe(true);
  });
});

describe('activityAt', () => {
  it('moves a room up with a call even though its preview stays the last message a person wrote', () => {
    const written = message(1, { timetoken: at(1) });
    expect(activityAt(room({ lastMessage: written, updatedAt: at(0, 14) }))).toBe(at(0, 14));
    expect(activityAt(room({ lastMessage: written, updatedAt: at(3) }))).toBe(at(1));
    expect(activityAt(room({ lastMessage: null, createdAt: at(2), updatedAt: at(0) }))).toBe(at(2));
  });
});
