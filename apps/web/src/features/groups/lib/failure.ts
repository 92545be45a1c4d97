import type { TGroupModalMode } from '../../../lib/group-modal-store';

/**
 * What the modal does after a refusal (spec doc 1 section 4):
 * - name-taken: a create refused for a duplicate name (409) opens the user's own group of that name if
 *   there is one, else shows the error;
 * - stay: the error is shown and the modal keeps the user's choices, for refusals the user can fix (400: the
 *   name; 409 on edit: the name; 409 on extend: someone is a member already) and for requests that never got
 *   an answer (status 0: network, timeout), which can simply be tried again;
 * - leave: anything else (not the owner, the room is gone, a server fault) sends the user to Recent.
 * Read by status, not by text: the server's message is in the user's language.
 */
export type TFailureOutcome = 'name-taken' | 'stay' | 'leave';

export function failureOutcome(status: number, mode: TGroupModalMode): TFailureOutcome {
  if (status === 409 && mode === 'create') return 'name-taken';
  if (status === 0 || status === 400 || status === 409) return 'stay';
  return 'leave';
}
