import { canAnswer, canStart, type TCallType } from '@rounds/contracts/calls';
import type { TParticipant } from '@rounds/contracts/chat';
import type { TPermissions } from '@rounds/contracts/user';

/**
 * Whether a call of this type can be started in a room (doc 2 section 6): 'forbidden' when the user lacks the
 * permission (the button is disabled), 'unavailable' when no other member is connected and able to answer
 * ('Contact is not available for this call.'), else 'ready'. The server applies the same rule
 * (canStart/canAnswer) and refuses with the same text.
 */
export function callAvailability(
  type: TCallType,
  participants: readonly TParticipant[],
  me: string | undefined,
  mine: TPermissions | undefined,
): 'ready' | 'unavailable' | 'forbidden' {
  if (!canStart(type, mine ?? {})) return 'forbidden';
  const someone = participants.some((p) => p.id !== me && p.connected && !p.deleted && canAnswer(type, p.calls));
  return someone ? 'ready' : 'unavailable';
}
