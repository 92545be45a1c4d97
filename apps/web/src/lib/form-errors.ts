/**
 * Turns zod issues into one error per form field: the first issue of each top-level field wins, as a form
 * shows one message under each input. Issue messages are the spec's form error keys (contracts
 * validation.ts), so the caller translates them with t(). Only the issue shape is used here, never zod
 * itself, so this stays out of any bundle that does not validate.
 */
export type TFieldErrors<TField extends string = string> = Partial<Record<TField, string>>;

type TIssue = { path: readonly PropertyKey[]; message: string };

export function fieldErrors<TField extends string = string>(issues: readonly TIssue[]): TFieldErrors<TField> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in errors) continue;
    errors[field] = issue.message;
  }
  return errors as TFieldErrors<TField>;
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some(Boolean);
}

/** A confirmation field: required, and equal to the password it confirms (spec form keys). */
export function confirmationError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'Required';
  return confirmation === password ? undefined : 'auth.mismatch';
}
