import { ZReadMessage, ZSendMessage, ZTypingMessage } from '@rounds/contracts/chat';
import { type TLanguage, toLanguage } from '@rounds/contracts/common';
import { CLIENT_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '../../lib/errors';
import { localize } from '../../lib/messages';
import type { SocketData } from '../../realtime/socket-server';

type Ack = (reply: unknown) => void;
const RETRY = { ok: false, code: 'RETRY', message: 'Something went wrong, please try again.' } as const;

/** SendMessage, ReadMessage and Typing. Every payload is parsed; every reply goes through the ack, if any. */
export function installChatSocket(app: FastifyInstance): void {
  app.io.on('connection', (socket) => {
    const { userId } = socket.data as SocketData;
    // Refusals are shown to the user, in their language: read once, and only when something is refused.
    let language: Promise<TLanguage> | undefined;
    const languageOf = () =>
      (language ??= app.db
        .selectFrom('users')
        .select('language')
        .where('id', '=', userId)
        .executeTakeFirst()
        .then((row) => toLanguage(row?.language))
        .catch(() => 'en' as const));
    const on = <T>(event: string, schema: ZodType<T>, handle: (payload: T) => Promise<unknown>) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const send: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
        const reply: Ack = (r) => {
          const refusal = r as { ok?: boolean; message?: unknown };
          if (refusal.ok !== false || typeof refusal.message !== 'string') return send(r);
          const message = refusal.message;
          void languageOf().then((lang) => send({ ...refusal, message: localize(message, lang) }));
        };
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          reply({
            ok: false,
            code: 'VALIDATION_ERROR',
            message: `${issue?.path.join('.') || 'payload'}: ${issue?.message}`,
          });
          return;
        }
        handle(parsed.data).then(reply, (err: unknown) => {
          if (err instanceof AppError)
            return reply({ ok: false, code: err.code, message: localize(err.message, 'en', err.vars) });
          app.log.warn({ err, event }, 'socket event failed');
          reply(RETRY);
        });
      });
    };

    on(CLIENT_EVENTS.SendMessage, ZSendMessage, async (m) => {
      if (m.body.trim() === '' && !m.files?.length && !m.voice) {
        return { ok: false, code: 'VALIDATION_ERROR', message: 'body: Required' };
      }
      return app.chat.writer.send({ userId, ...m });
    });
    on(CLIENT_EVENTS.ReadMessage, ZReadMessage, async (m) => {
      await app.chat.messages.read(userId, m.twId, m.seq);
      return { ok: true };
    });
    on(CLIENT_EVENTS.Typing, ZTypingMessage, async (m) => {
      await app.chat.messages.typing(userId, m.twId);
      return { ok: true };
    });
  });
}
