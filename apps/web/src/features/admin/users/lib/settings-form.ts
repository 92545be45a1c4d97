import { LIMITS } from '@rounds/contracts/limits';
import { QUICK_LOCK_MAX_MINUTES } from '@rounds/contracts/quick-unlock';
import type { TPasswordUpdate } from '@rounds/contracts/settings';

/**
 * The default session timeout field (doc 2 section 5), with the spec's messages: a number, not below 0, not
 * above 100000. Returns the message key, or undefined when the text is acceptable.
 */
export function defaultTimeoutError(text: string): 'timeout.notNumber' | 'timeout.min' | 'timeout.max' | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (!/^-?\d+$/.test(value)) return 'timeout.notNumber';
  const n = Number(value);
  if (n < 0) return 'timeout.min';
  if (n > LIMITS.sessionTimeoutMaxMinutes) return 'timeout.max';
  return undefined;
}

/** Submit is off while the value is empty, zero, invalid or unchanged. */
export function canSaveTimeout(text: string, current: number): boolean {
  const value = text.trim();
  return value !== '' && !defaultTimeoutError(value) && Number(value) !== 0 && Number(value) !== current;
}

/** The quick lock's idle minutes (issue 26): whole minutes, 0 (off) to 60. Undefined when acceptable. */
export function quickLockError(text: string): 'quickLock.range' | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return /^\d+$/.test(value) && Number(value) <= QUICK_LOCK_MAX_MINUTES ? undefined : 'quickLock.range';
}

export function canSaveQuickLock(text: string, current: number): boolean {
  const value = text.trim();
  return value !== '' && !quickLockError(value) && Number(value) !== current;
}

export type TPolicyValues = Pick<TPasswordUpdate, 'active' | 'period'> & { frequency: string };

export function policyValues(policy: TPasswordUpdate): TPolicyValues {
  return { active: policy.active, frequency: String(policy.frequency), period: policy.period };
}

/** Frequency: digits only, at most 3 characters (doc 2 section 5); anything else typed is dropped. */
export function frequencyInput(text: string): string {
  return text.replace(/\D+/g, '').slice(0, 3);
}

/** The policy can be submitted only after a change, and with a frequency (doc 2 section 4). */
export function policyChanged(values: TPolicyValues, saved: TPasswordUpdate): boolean {
  return (
    values.active !== saved.active || values.period !== saved.period || values.frequency !== String(saved.frequency)
  );
}

export function policyValid(values: TPolicyValues): boolean {
  return !values.active || values.frequency !== '';
}
