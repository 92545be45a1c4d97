import { CHAT_STATUS } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import type { TPerson } from './people';
import { addVerdict, selectionReducer } from './selection';

const person = (id: string): TPerson => ({
  id,
  firstName: id,
  lastName: 'X',
  fullName: `${id} X`,
  avatar: null,
  chatStatus: CHAT_STATUS.Available,
  connected: true,
});
const ids = (selection: readonly TPerson[]) => selection.map((p) => p.id);

describe('group selection', () => {
  it('toggles a person in and out, keeping the order of picking', () => {
    let state = selectionReducer([], { type: 'toggle', person: person('b') });
    state = selectionReducer(state, { type: 'toggle', person: person('a') });
    expect(ids(state)).toEqual(['b', 'a']);
    state = selectionReducer(state, { type: 'toggle', person: person('b') });
    expect(ids(state)).toEqual(['a']);
  });

  it('adds without duplicates and returns the same list when nothing is new', () => {
    const state = selectionReducer([], { type: 'add', people: [person('a'), person('b'), person('a')] });
    expect(ids(state)).toEqual(['a', 'b']);
    expect(selectionReducer(state, { type: 'add', people: [person('b')] })).toBe(state);
  });

  it('removes by id, and resets to a given list', () => {
    const state = selectionReducer([], { type: 'add', people: [person('a'), person('b')] });
    expect(ids(selectionReducer(state, { type: 'remove', id: 'a' }))).toEqual(['b']);
    expect(selectionReducer(state, { type: 'remove', id: 'zz' })).toBe(state);
    expect(ids(selectionReducer(state, { type: 'reset', people: [person('c'), person('c')] }))).toEqual(['c']);
  });

  it('refuses someone already in the room or already picked', () => {
    const state = [person('a')];
    expect(addVerdict('b', state, new Set())).toBe('add');
    expect(addVerdict('a', state, new Set())).toBe('already-in-group');
    expect(addVerdict('m', state, new Set(['m']))).toBe('already-in-group');
  });
});
