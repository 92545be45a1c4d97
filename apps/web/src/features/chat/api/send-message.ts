import type { TMessage, TSendMessage } from '@rounds/contracts/chat';
import { CLIENT_EVENTS, SOCKET_REFUSAL_CODES } from '@rounds/contracts/events';
import { request } from '../../../lib/socket';

export type TSendResult =
  | { kind: 'stored'; message: TMessage }
  /** fallsTo: ROLE_UNHELD with an escalation target, whose name a resend with toEscalationTarget goes to. */
  | { kind: 'refused'; code: string; message: string; fallsTo?: string }
  /** No acknowledgement (timeout, lost connection): the same clientId is sent again later. */
  | { kind: 'unanswered' };

/**
 * Socket SendMessage {clientId, twId, body}, acknowledged with ZSendMessageAck once the message is durably
 * stored (ARCHITECTURE.md, delivery model). A lost connection ends the wait at once rather than after the
 * timeout, so the outbox can resend on the next connection. A socket whose token expired is refused and
 * closed by the server: the message waits for the renewed connection rather than failing.
 */
export async function emitSendMessage(payload: TSendMessage): Promise<TSendResult> {
  try {
    const ack = await request(CLIENT_EVENTS.SendMessage, payload);
    if (ack.ok) return { kind: 'stored', message: ack.message };
    if (ack.code === SOCKET_REFUSAL_CODES.unauthorized) return { kind: 'unanswered' };
    const fallsTo = ack.details?.target.name;
    return { kind: 'refused', code: ack.code, message: ack.message, ...(fallsTo ? { fallsTo } : {}) };
  } catch {
    return { kind: 'unanswered' };
  }
}
