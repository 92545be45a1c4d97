import {
  CLIENT_EVENT_CONTRACTS,
  SOCKET_REFUSAL_CODES,
  type TClientAckInput,
  type TClientEventName,
  type TClientRequestParsed,
  type TSocketRefusal,
} from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { AppError } from '../lib/errors';
import { issueText, text } from '../lib/texts';
import type { SocketAuthority } from './socket-authority';
import type { SocketData } from './socket-data';
import type { SocketRateLimiter } from './socket-rate-limit';

/** What a handler knows of the socket that sent the event. */
export type SocketContext = SocketData & {
  socket: Socket;
  /** The client asked for an acknowledgement (Ping without one is answered with Pong). */
  expectsAck: boolean;
};

/**
 * Handles one client event: gets the payload parsed against its contract and the sender already
 * authorized (live session, within the rate budget); returns the acknowledgement. A refusal is thrown as an
 * AppError naming a key of lib/texts.ts: the socket-handler answers it in the user's language.
 */
export type ClientEventHandler<E extends TClientEventName> = (
  payload: TClientRequestParsed<E>,
  context: SocketContext,
) => Promise<TClientAckInput<E>> | TClientAckInput<E>;

export type SocketEvents = {
  /** Registers the handler of a client event, for every socket connecting from now on (register at build). */
  on: <E extends TClientEventName>(event: E, handle: ClientEventHandler<E>) => void;
};

type Reply = (answer: unknown) => void;

/**
 * The one way into the server from a socket. Every client event, whatever its module (chat, presence, calls),
 * goes through the same steps: count it against the user's budget (RATE_LIMITED), check the session as REST
 * does (UNAUTHORIZED, and the socket is closed), parse the payload with the event's contract
 * (VALIDATION_ERROR naming the field), then run the handler. Every refusal has one shape,
 * `{ ok: false, message, code }`, with the message in the user's language; successes are the handler's own.
 */
export function createSocketEvents(
  app: FastifyInstance,
  deps: { limiter: SocketRateLimiter; authority: SocketAuthority },
): SocketEvents {
  const handlers = new Map<TClientEventName, ClientEventHandler<TClientEventName>>();

  const refuse = (code: string, message: string, details?: Record<string, unknown>): TSocketRefusal =>
    details ? { ok: false, code, message, details } : { ok: false, code, message };

  async function run(socket: Socket, event: TClientEventName, payload: unknown, expectsAck: boolean) {
    const data = socket.data as SocketData;
    const budget = await deps.limiter.hit(data.userId);
    if (!budget.allowed) {
      const seconds = Math.max(1, Math.ceil(budget.resetMs / 1000));
      return { answer: refuse(SOCKET_REFUSAL_CODES.rateLimited, text('rateLimited', data.language, { s: seconds })) };
    }
    if (!(await deps.authority.check(socket))) {
      return { answer: refuse(SOCKET_REFUSAL_CODES.unauthorized, text('sessionExpired', data.language)), end: true };
    }
    const parsed = CLIENT_EVENT_CONTRACTS[event].request.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'payload';
      return {
        answer: refuse(SOCKET_REFUSAL_CODES.validation, `${field}: ${issueText(issue?.message, data.language)}`),
      };
    }
    const handle = handlers.get(event)!;
    try {
      const answer: unknown = await handle(parsed.data as never, { ...data, socket, expectsAck });
      return { answer };
    } catch (err) {
      if (err instanceof AppError) {
        const details = err.extra.details as Record<string, unknown> | undefined;
        return { answer: refuse(err.code, err.render(data.language), details) };
      }
      app.log.warn({ err, event }, 'socket event failed');
      return { answer: refuse(SOCKET_REFUSAL_CODES.retry, text('retry', data.language)) };
    }
  }

  app.io.on('connection', (socket) => {
    for (const event of handlers.keys()) {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply: Reply | undefined = typeof ack === 'function' ? (ack as Reply) : undefined;
        run(socket, event, payload, reply !== undefined)
          .catch((err: unknown) => {
            // The limiter and the session check fall back or answer; this is a last resort.
            app.log.warn({ err, event }, 'socket event could not be checked');
            return { answer: refuse(SOCKET_REFUSAL_CODES.retry, text('retry', (socket.data as SocketData).language)) };
          })
          .then((result: { answer: unknown; end?: boolean }) => {
            reply?.(result.answer);
            if (result.end) deps.authority.end(socket);
          });
      });
    }
  });

  return {
    on(event, handle) {
      handlers.set(event, handle as unknown as ClientEventHandler<TClientEventName>);
    },
  };
}
