import { type TLanguage, type TRole, toLanguage } from '@rounds/contracts/common';
import { SERVER_EVENTS, SOCKET_REFUSAL_CODES } from '@rounds/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { text } from '../lib/texts';
import { createTickBatch } from '../lib/tick-batch';
import { sessionStates } from '../modules/users/session-state.store';
import { sessionChannel } from './publish';
import type { SocketData } from './socket-data';

/** How often each process checks the sessions of its sockets: a socket outlives its authority by at most this. */
export const AUTHORITY_SWEEP_MS = 2_000;
const CHUNK = 500;

type SessionState = { userId: string; role: TRole; live: boolean; language: TLanguage };

export type SocketAuthority = {
  /** Whether the socket may act now: its token has not expired, its session is live, its user active. */
  check: (socket: Socket) => Promise<boolean>;
  /**
   * The session's state (its user, role, language, and whether it is live), read with the other sessions asked
   * for in the same turn of the event loop: the handshakes of a reconnecting crowd and the events arriving
   * together share one query.
   */
  stateOf: (sessionId: string) => Promise<SessionState | null>;
  /** Starts watching a connected socket (its token's expiry). */
  watch: (socket: Socket) => void;
  /** A renewed token for the socket (Authenticate): new expiry, and its session's channel if it changed. */
  renew: (socket: Socket, next: { sessionId: string; expiresAt: number }) => void;
  /** Tells the socket why (Unauthorized) and closes it; the client renews its token and reconnects. */
  end: (socket: Socket) => void;
  /** One pass over this process's sockets (the interval runs it; tests may too). */
  sweep: () => Promise<void>;
  stop: () => void;
};

/**
 * Sockets never outlive their authority (issue 14). REST checks the session on every request
 * (plugins/auth.ts resolveAuth); a socket does the same at its handshake and on every event it sends, with one
 * indexed query per turn of the event loop shared by the handshakes and events arriving in it, and each process re-checks all its sockets (and its dictations on the speech socket) every
 * AUTHORITY_SWEEP_MS, so a session ended or a user deactivated or deleted, even straight in the database, loses
 * its sockets within that time. A socket also ends when the access token it presented expires, unless the
 * client sent a renewed one (Authenticate), exactly when REST would start refusing that token.
 */
export function createSocketAuthority(app: FastifyInstance): SocketAuthority {
  const expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();

  // The rule of resolveAuth (modules/users/session-state.store.ts), read for many sessions at once.
  async function readStates(sessionIds: readonly string[]): Promise<Map<string, SessionState>> {
    const states = new Map<string, SessionState>();
    for (const [id, s] of await sessionStates(app.db, sessionIds)) {
      states.set(id, { userId: s.userId, role: s.role, live: s.live, language: toLanguage(s.language) });
    }
    return states;
  }

  // The sessions of handshakes and events arriving together (a restart's reconnections, a burst of calls
  // answered at once) are read in one query.
  const readState = createTickBatch(readStates, CHUNK);

  const stateOf = async (sessionId: string): Promise<SessionState | null> => (await readState(sessionId)) ?? null;

  function end(socket: Socket): void {
    if (!socket.connected) return;
    const data = socket.data as SocketData;
    app.publish(
      SERVER_EVENTS.Unauthorized,
      { code: SOCKET_REFUSAL_CODES.unauthorized, message: text('sessionExpired', data.language) },
      { sockets: [socket.id] },
    );
    socket.disconnect(true);
  }

  function armExpiry(socket: Socket): void {
    clearTimeout(expiryTimers.get(socket.id));
    const { expiresAt } = socket.data as SocketData;
    // setTimeout holds at most ~24 days; tokens live minutes.
    const timer = setTimeout(() => end(socket), Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
    timer.unref();
    expiryTimers.set(socket.id, timer);
  }

  async function sweep(): Promise<void> {
    const sockets = [...app.io.of('/').sockets.values()];
    // Dictations on the speech socket (decorated after this server) end by the same rule, with their warning.
    const dictations = app.speech?.sessions() ?? [];
    if (sockets.length === 0 && dictations.length === 0) return;
    const states = await readStates([
      ...new Set([...sockets.map((s) => (s.data as SocketData).sessionId), ...dictations.map((d) => d.sessionId)]),
    ]);
    const now = Date.now();
    for (const socket of sockets) {
      const data = socket.data as SocketData;
      const state = states.get(data.sessionId);
      if (!state?.live || state.userId !== data.userId || now >= data.expiresAt) end(socket);
    }
    for (const dictation of dictations) {
      const state = states.get(dictation.sessionId);
      if (!state?.live || state.userId !== dictation.userId) dictation.warn('STT_NOT_ALLOWED');
    }
  }

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((err) => app.log.warn({ err }, 'socket authority sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, AUTHORITY_SWEEP_MS);
  timer.unref();

  return {
    stateOf,
    async check(socket) {
      const data = socket.data as SocketData;
      if (Date.now() >= data.expiresAt) return false;
      const state = await stateOf(data.sessionId);
      if (state) data.language = state.language;
      return state?.live === true && state.userId === data.userId;
    },
    watch(socket) {
      armExpiry(socket);
      socket.once('disconnect', () => {
        clearTimeout(expiryTimers.get(socket.id));
        expiryTimers.delete(socket.id);
      });
    },
    renew(socket, next) {
      const data = socket.data as SocketData;
      if (next.sessionId !== data.sessionId) {
        void socket.leave(sessionChannel(data.sessionId));
        void socket.join(sessionChannel(next.sessionId));
        data.sessionId = next.sessionId;
      }
      data.expiresAt = next.expiresAt;
      armExpiry(socket);
    },
    end,
    sweep,
    stop() {
      clearInterval(timer);
      for (const t of expiryTimers.values()) clearTimeout(t);
      expiryTimers.clear();
    },
  };
}
