import { type TMessage, type TSendMessage, ZSendMessageAck } from '@rounds/contracts/chat';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { Socket } from 'socket.io-client';
import { inertBidi } from '../../../lib/bidi';

/** How long to wait for the server's acknowledgement before treating the send as unanswered. */
const ACK_TIMEOUT_MS = 10_000;

export type TSendResult =
  | { kind: 'stored'; message: TMessage }
  | { kind: 'refused'; code: string; message: string }
  /** No acknowledgement (timeout, lost connection): the same clientId is sent again later. */
  | { kind: 'unanswered' };

/**
 * Socket SendMessage {clientId, twId, body}, acknowledged with ZSendMessageAck once the message is durably
 * stored (ARCHITECTURE.md, delivery model). A lost connection ends the wait at once rather than after the
 * timeout, so the outbox can resend on the next connection.
 */
export function emitSendMessage(socket: Socket, payload: TSendMessage): Promise<TSendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: TSendResult) => {
      if (settled) return;
      settled = true;
      socket.off('disconnect', onDisconnect);
      resolve(result);
    };
    const onDisconnect = () => finish({ kind: 'unanswered' });
    socket.on('disconnect', onDisconnect);
    socket.timeout(ACK_TIMEOUT_MS).emit(CLIENT_EVENTS.SendMessage, payload, (error: unknown, reply: unknown) => {
      if (error) return finish({ kind: 'unanswered' });
      const parsed = ZSendMessageAck.safeParse(reply);
      if (!parsed.success) return finish({ kind: 'unanswered' });
      // Acks bypass the socket's catch-all listener: the stored message's text is made inert here.
      const ack = inertBidi(parsed.data);
      finish(
        ack.ok ? { kind: 'stored', message: ack.message } : { kind: 'refused', code: ack.code, message: ack.message },
      );
    });
  });
}
