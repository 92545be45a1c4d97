import { describe, expect, it } from 'vitest';
import { groupNamed, sameMembers, similarRooms } from './similar-groups';

const room = (
  twId: string,
  members: string[],
  extra: { name?: string; type?: 'direct' | 'group'; archived?: boolean } = {},
) => ({
  twId,
  name: extra.name ?? twId,
  type: extra.type ?? ('group' as const),
  archived: extra.archived ?? false,
  participants: members.map((id) => ({ id })),
});

describe('similar groups', () => {
  it('matches exactly the people picked plus the current user, in any order', () => {
    expect(sameMembers(room('r', ['me', 'a', 'b']), ['b', 'a'], 'me')).toBe(true);
    expect(sameMembers(room('r', ['me', 'a']), ['a', 'b'], 'me')).toBe(false);
    expect(sameMembers(room('r', ['me', 'a', 'b', 'c']), ['a', 'b'], 'me')).toBe(false);
    expect(sameMembers(room('r', ['a', 'b']), ['a', 'b'], 'me')).toBe(false);
    // The current user picked by hand as well changes nothing.
    expect(sameMembers(room('r', ['me', 'a']), ['a', 'me'], 'me')).toBe(true);
  });

  it('keeps the rooms that match and are not archived', () => {
    const rooms = [
      room('same', ['me', 'a', 'b']),
      room('direct', ['me', 'a'], { type: 'direct' }),
      room('archived', ['me', 'a', 'b'], { archived: true }),
      room('bigger', ['me', 'a', 'b', 'c']),
    ];
    expect(similarRooms(rooms, ['a', 'b'], 'me').map((r) => r.twId)).toEqual(['same']);
    expect(similarRooms(rooms, ['a'], 'me').map((r) => r.twId)).toEqual(['direct']);
    expect(similarRooms([], ['a'], 'me')).toEqual([]);
  });

  it('finds the own group of a name regardless of case, accents and spaces', () => {
    const rooms = [
      room('d', ['me', 'a'], { name: 'ICU Night', type: 'direct' }),
      room('old', ['me', 'a'], { name: 'ICU Night', archived: true }),
      room('g', ['me', 'a'], { name: 'Équipe ICU Night' }),
      room('h', ['me', 'a'], { name: 'ICU night' }),
    ];
    expect(groupNamed(rooms, '  icu NIGHT ')?.twId).toBe('h');
    expect(groupNamed(rooms, 'equipe icu night')?.twId).toBe('g');
    expect(groupNamed(rooms, 'ICU')).toBeUndefined();
  });
});
