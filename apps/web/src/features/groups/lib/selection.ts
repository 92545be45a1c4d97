import type { TPerson } from './people';

/** The people picked for the group, in the order they were picked (the chips read left to right). */
export type TSelection = readonly TPerson[];

export type TSelectionAction =
  | { type: 'toggle'; person: TPerson }
  | { type: 'add'; people: readonly TPerson[] }
  | { type: 'remove'; id: string }
  | { type: 'reset'; people: readonly TPerson[] };

export function selectionReducer(state: TSelection, action: TSelectionAction): TSelection {
  switch (action.type) {
    case 'toggle':
      return state.some((person) => person.id === action.person.id)
        ? state.filter((person) => person.id !== action.person.id)
        : [...state, action.person];
    case 'add': {
      const known = new Set(state.map((person) => person.id));
      const added = action.people.filter((person) => {
        if (known.has(person.id)) return false;
        known.add(person.id);
        return true;
      });
      // The same list when nothing changes, so React skips the render.
      return added.length > 0 ? [...state, ...added] : state;
    }
    case 'remove':
      return state.some((person) => person.id === action.id)
        ? state.filter((person) => person.id !== action.id)
        : state;
    case 'reset':
      return selectionReducer([], { type: 'add', people: action.people });
  }
}

/**
 * What adding one person (a drop, a contact dropped on a chat) would do: someone already in the room or
 * already picked gets the spec's warning 'User is already in the group!' (doc 1 section 5) instead.
 */
export function addVerdict(
  id: string,
  selection: TSelection,
  memberIds: ReadonlySet<string>,
): 'add' | 'already-in-group' {
  return memberIds.has(id) || selection.some((person) => person.id === id) ? 'already-in-group' : 'add';
}
