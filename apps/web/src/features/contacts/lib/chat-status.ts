import { CHAT_STATUS } from '@rounds/contracts/user';

/** The statuses a user can pick for themself; Offline is only ever what others see (spec doc 1 section 3). */
export const SETTABLE_STATUSES = [CHAT_STATUS.Available, CHAT_STATUS.Away, CHAT_STATUS.DoNotDisturb] as const;
export type TSettableStatus = (typeof SETTABLE_STATUSES)[number];
