import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { request } from '../../../lib/socket';

/**
 * Socket ReadMessage {twId, seq}: everything up to seq has been read. The server answers every member with
 * Read, the user's own tabs with the new unread count. When the socket is down, socket.io sends it on
 * reconnection. Paced by delivery/read-marker.ts.
 */
export function emitReadMessage(twId: string, seq: number): void {
  void request(CLIENT_EVENTS.ReadMessage, { twId, seq }, { whenOffline: 'queue' }).catch(() => undefined);
}
