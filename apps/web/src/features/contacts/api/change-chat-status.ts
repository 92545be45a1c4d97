import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { useMutation } from '@tanstack/react-query';
import { isSocketConnected, request } from '../../../lib/socket';
import type { TSettableStatus } from '../lib/chat-status';

export type TChangeChatStatus = { chatStatus: TSettableStatus; manual: boolean };

/**
 * Socket ChangeChatStatus {chatStatus, manual} with an acknowledgement (spec doc 1 section 3). The new status
 * reaches every tab, this one included, through ChatStatusChanged (realtime.ts): one update path.
 * Resolves true once the server has stored it; false if there is no connection or it refused.
 */
export async function changeChatStatus(change: TChangeChatStatus): Promise<boolean> {
  if (!isSocketConnected()) return false;
  try {
    return (await request(CLIENT_EVENTS.ChangeChatStatus, change)).ok;
  } catch {
    return false;
  }
}

/** The status menu: a change by hand (manual: true), which inactivity never overrides. */
export function useChangeChatStatus() {
  return useMutation({
    mutationFn: async (chatStatus: TSettableStatus) => {
      if (!(await changeChatStatus({ chatStatus, manual: true }))) throw new Error('chat status not changed');
      return chatStatus;
    },
  });
}
