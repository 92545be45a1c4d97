import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFieldErrors } from './form-errors';

/**
 * Values and per-field errors of a small form. Editing a field clears its error, so a message does not
 * linger under a value the user is already fixing. Errors are translation keys (or server texts).
 */
export function useForm<TValues extends Record<string, unknown>>(initial: TValues | (() => TValues)) {
  type TField = Extract<keyof TValues, string>;
  const [values, setValues] = useState<TValues>(initial);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});

  /** Several fields at once (e.g. country code and name together); their errors are cleared. */
  const patch = useCallback((changes: Partial<TValues>) => {
    setValues((previous) => ({ ...previous, ...changes }));
    setErrors((previous) => {
      const next = { ...previous };
      let changed = false;
      for (const field of Object.keys(changes) as TField[]) {
        if (next[field]) {
          next[field] = undefined;
          changed = true;
        }
      }
      return changed ? next : previous;
    });
  }, []);

  const setField = useCallback(
    <K extends TField>(field: K, value: TValues[K]) => patch({ [field]: value } as unknown as Partial<TValues>),
    [patch],
  );

  const reset = useCallback((next: TValues) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, setValues, errors, setErrors, setField, patch, reset };
}

/** Translates a form error: one of the spec's keys (contracts MSG), or a server text shown as it is. */
export function useErrorText(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback((key) => (key ? t(key as 'Required', { defaultValue: key }) : undefined), [t]);
}
