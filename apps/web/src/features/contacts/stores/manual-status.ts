import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';

/**
 * Whether this tab's user set their current status by hand (the status menu), so inactivity and activity
 * leave it alone. The server keeps the authoritative flag and ignores automatic changes while it is set;
 * this copy only spares it requests it would ignore. Choosing Available by hand clears it, as on the server.
 */
let byHand: { userId: string; manual: boolean } | null = null;

export function noteStatusByHand(userId: string, status: TChatStatus): void {
  byHand = { userId, manual: status !== CHAT_STATUS.Available };
}

export function isStatusByHand(userId: string): boolean {
  return byHand?.userId === userId && byHand.manual;
}
