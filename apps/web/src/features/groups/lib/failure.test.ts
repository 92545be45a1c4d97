import { describe, expect, it } from 'vitest';
import { failureOutcome } from './failure';

describe('after a refusal', () => {
  it('looks for the own group of a taken name only when creating', () => {
    expect(failureOutcome(409, 'create')).toBe('name-taken');
    expect(failureOutcome(409, 'edit')).toBe('stay');
    expect(failureOutcome(409, 'extend')).toBe('stay');
  });

  it('keeps the modal for what the user can fix or retry', () => {
    expect(failureOutcome(400, 'create')).toBe('stay');
    expect(failureOutcome(0, 'edit')).toBe('stay');
  });

  it('sends the user to Recent after any other failure', () => {
    for (const status of [403, 404, 500, 503]) expect(failureOutcome(status, 'create')).toBe('leave');
    expect(failureOutcome(403, 'edit')).toBe('leave');
  });
});
