import { type TLanguage, toLanguage } from '@rounds/contracts/common';
import { CLIENT_EVENTS, SERVER_EVENTS, SOCKET_REFUSALS, ZSocketHandshakeQuery } from '@rounds/contracts/events';
import { SOCKET_PATH, TIMINGS } from '@rounds/contracts/limits';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { text } from '../lib/texts';
import { verifyAccessToken } from '../lib/tokens';
import { resolveAuth } from '../plugins/auth';
import { sessionChannel, tabChannel, userChannel } from './publish';
import { createSocketAuthority, type SocketAuthority } from './socket-authority';
import { createSocketCaps } from './socket-caps';
import type { SocketData } from './socket-data';
import type { SocketEvents } from './socket-handler';
import { createSocketRateLimiter, type SocketRateLimiter } from './socket-rate-limit';

// Event maps stay open here: payloads are parsed against packages/contracts by realtime/socket-handler.ts.
export type RealtimeServer = Server;

const acceptLanguage = (socket: Socket) => socket.handshake.headers['accept-language']?.split(',')[0]?.trim();

/**
 * A handshake refused by a socket cap (realtime/socket-caps.ts): the client's connect_error carries the text
 * in the user's language and a code it can tell apart from 'Unauthorized'.
 */
function tooManySockets(key: 'tooManySocketsForUser' | 'tooManySocketsFromAddress', lang: TLanguage): Error {
  const message = text(key, lang);
  return Object.assign(new Error(message), { data: { code: SOCKET_REFUSALS.tooManyConnections, message } });
}

/** A token resolveAuth accepted carries its expiry; REST refuses it from then on, and so does the socket. */
function expiryOf(token: string): number {
  const exp = decodeJwt(token).exp;
  return typeof exp === 'number' ? exp * 1000 : Date.now();
}

/**
 * socket.io at the spec's path. The handshake carries the access token and a per-tab uuid; a socket
 * that fails authentication is refused before it joins anything. Each socket joins its user's, session's and
 * tab's channels, and all delivery goes through publish(). The authority closes sockets whose session ends,
 * whose user is deactivated or deleted, or whose token expires (realtime/socket-authority.ts); the rate limiter
 * counts every client event (realtime/socket-rate-limit.ts); both are applied by realtime/socket-handler.ts.
 */
export async function createSocketServer(
  app: FastifyInstance,
  config: Config,
): Promise<{ io: RealtimeServer; authority: SocketAuthority; limiter: SocketRateLimiter }> {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    // With Redis, several processes may serve behind a plain load balancer: a websocket is one connection to
    // one process, while long-polling requests could land on another (docs/decisions.md "WebSocket only").
    transports: config.REDIS_URL ? ['websocket'] : ['polling', 'websocket'],
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

  const authority = createSocketAuthority(app);
  const limiter = createSocketRateLimiter({
    max: config.SOCKET_RATE_LIMIT_MAX,
    windowMs: 60_000,
    redisUrl: config.REDIS_URL,
    onRedisError: (err) => app.log.warn({ err }, 'socket rate limit: Redis unavailable, counting in this process'),
  });
  app.addHook('onClose', async () => {
    authority.stop();
    await limiter.close();
  });

  const caps = createSocketCaps({
    perUser: config.SOCKETS_PER_USER,
    perAddress: config.SOCKETS_PER_ADDRESS,
    trustProxy: config.TRUST_PROXY,
  });
  const refuse = (socket: Socket, next: (err?: Error) => void, error: Error) => {
    caps.release(socket);
    next(error);
  };

  io.use(async (socket, next) => {
    if (!caps.admitAddress(socket)) {
      return next(tooManySockets('tooManySocketsFromAddress', toLanguage(acceptLanguage(socket))));
    }
    const unauthorized = () => refuse(socket, next, new Error('Unauthorized'));
    const raw = { ...socket.handshake.query, ...(socket.handshake.auth as Record<string, unknown>) };
    const parsed = ZSocketHandshakeQuery.safeParse(raw);
    if (!parsed.success) return unauthorized();
    // resolveAuth's rule (a valid token of a live session of an active user), its session read together with
    // those of the sockets connecting in the same turn: a restart brings thousands back at once.
    const claims = await verifyAccessToken(app.config.JWT_SECRET, parsed.data.token);
    if (!claims) return unauthorized();
    const state = await authority.stateOf(claims.sid).catch(() => null);
    if (!state?.live || state.userId !== claims.sub) return unauthorized();
    if (!caps.admitUser(socket, claims.sub)) {
      return refuse(socket, next, tooManySockets('tooManySocketsForUser', state.language));
    }
    const data: SocketData = {
      userId: claims.sub,
      role: state.role,
      sessionId: claims.sid,
      tabId: parsed.data.uuid,
      expiresAt: expiryOf(parsed.data.token),
      language: state.language,
      visible: true,
    };
    socket.data = data;
    next();
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    void socket.join([userChannel(data.userId), sessionChannel(data.sessionId), tabChannel(data.userId, data.tabId)]);
    authority.watch(socket);
  });

  return { io, authority, limiter };
}

/** The connection's own events: Ping (the spec's client pings every 25 s) and Authenticate (a renewed token). */
export function installConnectionEvents(app: FastifyInstance, events: SocketEvents, authority: SocketAuthority): void {
  events.on(CLIENT_EVENTS.Ping, (_payload, { userId, tabId, expectsAck }) => {
    const pong = { at: Date.now() };
    // Answered so the client can tell a live server from a half-open connection; without an ack, as Pong.
    if (!expectsAck) app.publish(SERVER_EVENTS.Pong, pong, { tabs: [{ userId, tabId }] });
    return pong;
  });
  events.on(CLIENT_EVENTS.Authenticate, async ({ token }, { socket, userId }) => {
    const auth = await resolveAuth(app, token).catch(() => null);
    // Another user's token never moves a socket: that is a new connection.
    if (!auth || auth.userId !== userId) throw new AppError(401, 'UNAUTHORIZED', 'sessionExpired');
    const expiresAt = expiryOf(token);
    authority.renew(socket, { sessionId: auth.sessionId, expiresAt });
    return { ok: true as const, expiresAt };
  });
}

/**
 * Users among these with a tab in front of them (TabVisibility; a tab that never said counts as visible while
 * its socket is open), on every process: socket.io asks the other processes through the Redis adapter.
 */
export async function visibleUsers(io: RealtimeServer, userIds: readonly string[]): Promise<Set<string>> {
  const visible = new Set<string>();
  for (let i = 0; i < userIds.length; i += 500) {
    const sockets = await io.in(userIds.slice(i, i + 500).map(userChannel)).fetchSockets();
    for (const s of sockets) {
      const data = s.data as Partial<SocketData>;
      if (data.userId && data.visible !== false) visible.add(data.userId);
    }
  }
  return visible;
}
