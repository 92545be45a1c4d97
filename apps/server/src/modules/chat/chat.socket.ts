import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';

/**
 * SendMessage, ReadMessage and Typing. Payloads arrive parsed and the sender authorized
 * (realtime/socket-handler.ts); refusals are thrown and answered there, in the user's language.
 */
export function installChatSocket(app: FastifyInstance): void {
  app.socketEvents.on(CLIENT_EVENTS.SendMessage, async (m, { userId }) => {
    if (m.body.trim() === '' && !m.files?.length && !m.voice) throw badRequest('body: Required', 'VALIDATION_ERROR');
    return app.chat.writer.send({ userId, ...m });
  });
  app.socketEvents.on(CLIENT_EVENTS.ReadMessage, async (m, { userId }) => {
    await app.chat.messages.read(userId, m.twId, m.seq);
    return { ok: true };
  });
  app.socketEvents.on(CLIENT_EVENTS.Typing, async (m, { userId }) => {
    await app.chat.messages.typing(userId, m.twId);
    return { ok: true };
  });
}
