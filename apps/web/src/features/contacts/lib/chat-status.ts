import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';

/** The statuses a user can pick for themself; Offline is only ever what others see (spec doc 1 section 3). */
export const SETTABLE_STATUSES = [CHAT_STATUS.Available, CHAT_STATUS.Away, CHAT_STATUS.DoNotDisturb] as const;
export type TSettableStatus = (typeof SETTABLE_STATUSES)[number];

/** Key of each status in the contacts namespace (status.*). */
export const STATUS_KEY = {
  [CHAT_STATUS.Available]: 'available',
  [CHAT_STATUS.Away]: 'away',
  [CHAT_STATUS.DoNotDisturb]: 'doNotDisturb',
  [CHAT_STATUS.Offline]: 'offline',
} as const satisfies Record<TChatStatus, string>;

/** A contact that is not connected shows Offline, whatever status they last chose. */
export function shownStatus(contact: { chatStatus: TChatStatus; connected: boolean }): TChatStatus {
  return contact.connected ? contact.chatStatus : CHAT_STATUS.Offline;
}
