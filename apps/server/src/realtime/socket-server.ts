import { CLIENT_EVENTS, SERVER_EVENTS, ZSocketHandshakeQuery } from '@rounds/contracts/events';
import { SOCKET_PATH, TIMINGS } from '@rounds/contracts/limits';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import { resolveAuth } from '../plugins/auth';
import { sessionChannel, userChannel } from './publish';

export type SocketData = { userId: string; role: string; sessionId: string; tabId: string };
// Event maps stay open here: payloads are parsed against packages/contracts where they are handled.
export type RealtimeServer = Server;

/**
 * socket.io at the spec's path. The handshake carries the access token and a per-tab uuid; a socket
 * that fails authentication is refused before it joins anything. Each socket joins its user's channel,
 * and all delivery goes through publish().
 */
export async function createSocketServer(app: FastifyInstance, config: Config): Promise<RealtimeServer> {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    pingInterval: TIMINGS.socketPingMs,
    pingTimeout: 20_000,
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
  });

  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      // quit() waits for Redis to answer, forever while it is unreachable: give it a second, then drop the line.
      await Promise.allSettled(
        [pub, sub].map((c) =>
          Promise.race([c.quit(), new Promise((r) => setTimeout(r, 1_000).unref())]).finally(() => c.disconnect()),
        ),
      );
    });
  }

  io.use(async (socket, next) => {
    const raw = { ...socket.handshake.query, ...(socket.handshake.auth as Record<string, unknown>) };
    const parsed = ZSocketHandshakeQuery.safeParse(raw);
    if (!parsed.success) return next(new Error('Unauthorized'));
    const auth = await resolveAuth(app, parsed.data.token).catch(() => null);
    if (!auth) return next(new Error('Unauthorized'));
    socket.data = { userId: auth.userId, role: auth.role, sessionId: auth.sessionId, tabId: parsed.data.uuid };
    next();
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    void socket.join([userChannel(data.userId), sessionChannel(data.sessionId)]);
    // The spec's client pings every 25 s; answer so it can tell a live server from a half-open connection.
    const s = socket;
    s.on(CLIENT_EVENTS.Ping, (_payload: unknown, ack?: unknown) => {
      if (typeof ack === 'function') ack({ at: Date.now() });
      else s.emit(SERVER_EVENTS.Pong, { at: Date.now() });
    });
  });

  return io;
}
