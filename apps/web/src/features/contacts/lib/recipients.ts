import { CHAT_LIMITS } from '@rounds/contracts/chat';
import type { TFilterRecipients } from '@rounds/contracts/contacts';
import { LIMITS } from '@rounds/contracts/limits';
import { FILTER_KINDS } from '../../../lib/classification-filters';
import type { TFilterParams } from './filters';

/** The most people a group made from a filter can hold besides the sender. */
export const MAX_RECIPIENTS = CHAT_LIMITS.groupMembersMax - 1;

/** What the confirmation can say of a count: nobody to reach, too many for a group, or a group to start. */
export function recipientsVerdict(found: Pick<TFilterRecipients, 'count'>): 'none' | 'tooMany' | 'ok' {
  if (found.count === 0) return 'none';
  return found.count > MAX_RECIPIENTS ? 'tooMany' : 'ok';
}

/**
 * The name a group from the filter starts with: the saved filter's, or the chosen items' names in screen
 * order ("ICU, Registered Nurse"), within a group name's length.
 */
export function defaultGroupName(
  savedName: string | null,
  filters: TFilterParams,
  namesOf: (kind: (typeof FILTER_KINDS)[number]) => ReadonlyMap<string, string>,
): string {
  if (savedName) return savedName.slice(0, LIMITS.groupNameMax);
  const names = FILTER_KINDS.flatMap((kind) => {
    const known = namesOf(kind);
    return filters[kind].map((id) => known.get(id)).filter((name): name is string => name !== undefined);
  });
  return names.join(', ').slice(0, LIMITS.groupNameMax).trim();
}
