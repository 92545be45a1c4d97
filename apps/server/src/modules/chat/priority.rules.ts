import type { TMessageAttributes, TPriorityOptions } from '@rounds/contracts/chat';
import { type AppError, forbidden, invalidField } from '../../lib/errors';

/** Priority asked for: any of the options given. */
export const wantsPriority = (o: TPriorityOptions) => o.level !== undefined || o.notify !== undefined || o.sms === true;

/**
 * The attributes of a priority message, or why not: the notified must be other members of the room (all of
 * them when none are named), and an SMS needs the sender's sms permission not false.
 */
export function priorityAttributes(
  o: TPriorityOptions,
  senderId: string,
  members: string[],
  smsAllowed: boolean,
): TMessageAttributes | AppError {
  const others = members.filter((id) => id !== senderId);
  const notify = o.notify ? [...new Set(o.notify)] : others;
  if (notify.some((id) => !others.includes(id))) return invalidField('notify', 'notifyOnlyOthers', {}, 'BAD_REQUEST');
  if (o.notify && notify.length === 0 && others.length > 1)
    return invalidField('notify', 'chooseWhomToNotify', {}, 'BAD_REQUEST');
  if (o.sms && !smsAllowed) return forbidden('smsNotAllowed', 'PERMISSION_DENIED');
  return { important: true, level: o.level ?? 'IMPORTANT', notify, sms: o.sms === true, acknowledgements: [] };
}
