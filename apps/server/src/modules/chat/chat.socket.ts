import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../lib/errors';

/**
 * SendMessage, ReadMessage, DeliveredMessage and Typing. Payloads arrive parsed and the sender authorized
 * (realtime/socket-handler.ts); refusals are thrown and answered there, in the user's language.
 */
export function installChatSocket(app: FastifyInstance): void {
  app.socketEvents.on(CLIENT_EVENTS.SendMessage, async (m, { userId }) => {
    if (m.body.trim() === '' && !m.files?.length && !m.voice) throw invalidField('body', 'Required');
    const sent = await app.chat.writer.send({ userId, ...m });
    if (!sent.ok) throw sent.error;
    return sent;
  });
  app.socketEvents.on(CLIENT_EVENTS.ReadMessage, async (m, { userId }) => {
    await app.chat.messages.read(userId, m.twId, m.seq);
    return { ok: true };
  });
  app.socketEvents.on(CLIENT_EVENTS.DeliveredMessage, async (m, { userId }) => {
    await app.chat.messages.delivered(userId, m.twId, m.seq);
    return { ok: true };
  });
  app.socketEvents.on(CLIENT_EVENTS.Typing, async (m, { userId }) => {
    await app.chat.messages.typing(userId, m.twId);
    return { ok: true };
  });
}
