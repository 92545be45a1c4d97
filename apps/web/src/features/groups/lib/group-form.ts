import { LIMITS } from '@rounds/contracts/limits';
import type { TGroupModalMode } from '../../../lib/group-modal-store';

/** Create and edit name the group; extend only adds people (spec doc 1 section 2). */
export function needsName(mode: TGroupModalMode): boolean {
  return mode !== 'extend';
}

/** Counted as the server counts it: trimmed, in UTF-16 units (zod's max on the contract). */
export function nameTooLong(name: string): boolean {
  return name.trim().length > LIMITS.groupNameMax;
}

export type TGroupFormState = { mode: TGroupModalMode; name: string; selectedCount: number; processing: boolean };

/**
 * Create / Save / Add is enabled only with a trimmed non-empty name that fits, at least one person picked,
 * and nothing in flight (spec doc 1 section 5).
 */
export function canSubmit({ mode, name, selectedCount, processing }: TGroupFormState): boolean {
  if (processing || selectedCount === 0) return false;
  if (!needsName(mode)) return true;
  return name.trim().length > 0 && !nameTooLong(name);
}

/** The full member list update-chat-room wants: everyone picked and the current user, once each. */
export function memberIds(selectedIds: readonly string[], meId: string): string[] {
  return [...new Set([...selectedIds, meId])];
}
