import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { request } from '../../../lib/socket';

/**
 * Socket DeliveredMessage {twId, seq}: this tab received the room up to seq live. Sent for priority messages
 * that notify this user, so their sender's acknowledgement grid shows them as delivered before they read.
 */
export function emitDeliveredMessage(twId: string, seq: number): void {
  void request(CLIENT_EVENTS.DeliveredMessage, { twId, seq }, { whenOffline: 'queue' }).catch(() => undefined);
}
