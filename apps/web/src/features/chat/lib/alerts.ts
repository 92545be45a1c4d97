import type { TMessage } from '@rounds/contracts/chat';
import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';

export type TAlertContext = {
  me: string | undefined;
  /** user.settings.playNotificationSound */
  playSound: boolean;
  chatStatus: TChatStatus | undefined;
  /** The room is muted by this user (or unknown to this tab yet: not muted). */
  muted: boolean;
  /** The tab is hidden (another tab, minimised window, locked screen). */
  hidden: boolean;
};

/**
 * Whether an incoming message makes a sound and a desktop notification (spec doc 1 section 9, "a message
 * sound plays when the notification setting is on"). Never for the user's own messages (another tab of
 * theirs sent it) nor for system lines, never in a muted room. Do not disturb silences both: a nurse who
 * chose it in the middle of a procedure does not want a chime either. The desktop notification is for
 * what the user cannot see: any room while the tab is hidden, since the open room is not seen then either.
 */
export function alertFor(message: TMessage, context: TAlertContext): { sound: boolean; desktop: boolean } {
  const quiet =
    message.attributes.systemMessage === true ||
    message.author === null ||
    message.author === context.me ||
    context.muted ||
    context.chatStatus === CHAT_STATUS.DoNotDisturb;
  if (quiet) return { sound: false, desktop: false };
  return { sound: context.playSound, desktop: context.hidden };
}
