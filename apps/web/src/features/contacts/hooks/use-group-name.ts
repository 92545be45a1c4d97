import { type ChangeEvent, useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * The name a filter's group or saved filter is given (Message these people, Save filter): required once
 * trimmed, and refused by the server when taken (409, its words under the field); typing clears the error.
 */
export function useGroupName(requiredText: string, initial = '') {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Stable, for an effect that starts the field again when a modal opens.
  const reset = useCallback((next = '') => {
    setName(next);
    setError(null);
  }, []);
  return {
    /** Starts again from `next`, without an error. */
    reset,
    /** The trimmed name to send, or null once the field says it is required. */
    take: (): string | null => {
      const trimmed = name.trim();
      if (!trimmed) setError(requiredText);
      return trimmed || null;
    },
    /** Shows a 409 under the field; false for any other failure. */
    refused: (failure: unknown): boolean => {
      if (!(failure instanceof ApiError && failure.status === 409)) return false;
      setError(failure.message);
      return true;
    },
    /** The TextInput's value, change handler and error. */
    input: {
      value: name,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setName(event.currentTarget.value);
        if (error) setError(null);
      },
      error,
    },
  };
}
