import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';

/**
 * A small client of the Janus API over its WebSocket transport (subprotocol 'janus-protocol'). Meetecho's
 * janode would be the library of choice, but it pulls a native addon (unix-dgram) and ships no types; what the
 * calls need is small: sessions with keep-alives, handles, plugin messages (sync `success` or `ack` then
 * `event`), trickle, and the session's events (webrtcup, hangup) routed to their handle.
 */

/** Janus answered with an error (its own code, or the plugin's error_code). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
/** Janus could not be reached, or the connection went away before it answered. */
export class JanusUnavailable extends Error {}

type TMessage = {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: { type: string; sdp: string };
  [key: string]: unknown;
};

export type TJsep = { type: 'offer' | 'answer'; sdp: string };
export type TPluginReply = { data: Record<string, unknown>; jsep?: TJsep };
/** What a handle hears without having asked: webrtcup, hangup, media, plugin events. */
export type THandleEvent = { janus: string; data?: Record<string, unknown>; jsep?: TJsep };

export type JanusHandle = {
  id: number;
  message: (body: Record<string, unknown>, jsep?: TJsep) => Promise<TPluginReply>;
  trickle: (candidate: Record<string, unknown> | null) => Promise<void>;
  detach: () => Promise<void>;
  onEvent: (listener: (event: THandleEvent) => void) => void;
};

export type JanusSession = {
  id: number;
  attach: (plugin: string) => Promise<JanusHandle>;
  destroy: () => Promise<void>;
  /** The connection this session lived on closed: Janus drops its sessions with it. */
  gone: () => boolean;
};

export type JanusClient = {
  createSession: () => Promise<JanusSession>;
  close: () => void;
};

const KEEPALIVE_MS = 25_000;

export function createJanusClient(
  url: string,
  log: FastifyBaseLogger,
  o: { timeoutMs?: number; connectTimeoutMs?: number } = {},
): JanusClient {
  const timeoutMs = o.timeoutMs ?? 10_000;
  type TPending = {
    resolve: (m: TMessage) => void;
    reject: (e: Error) => void;
    /** keepalive and trickle are answered by an ack alone; messages by an event after it. */
    ackIsAnswer: boolean;
    timer: NodeJS.Timeout;
  };
  type TConnection = {
    ws: WebSocket;
    open: Promise<void>;
    pending: Map<string, TPending>;
    handles: Map<number, (event: THandleEvent) => void>;
    closed: boolean;
  };
  let current: TConnection | null = null;
  let closing = false;

  const connect = (): TConnection => {
    if (current && !current.closed) return current;
    const ws = new WebSocket(url, 'janus-protocol', { handshakeTimeout: o.connectTimeoutMs ?? 5_000 });
    const conn: TConnection = { ws, pending: new Map(), handles: new Map(), closed: false, open: Promise.resolve() };
    conn.open = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (err) => reject(new JanusUnavailable(`janus unreachable at ${url}: ${err.message}`)));
    });
    conn.open.catch(() => undefined);
    ws.on('error', (err) => log.warn({ err: err.message, url }, 'janus connection error'));
    ws.on('close', () => {
      conn.closed = true;
      if (!closing) log.warn({ url }, 'janus connection closed');
      for (const p of conn.pending.values()) {
        clearTimeout(p.timer);
        p.reject(new JanusUnavailable('janus connection closed'));
      }
      conn.pending.clear();
      for (const listener of conn.handles.values()) listener({ janus: 'hangup' });
      conn.handles.clear();
    });
    ws.on('message', (raw) => {
      let m: TMessage;
      try {
        m = JSON.parse(raw.toString()) as TMessage;
      } catch {
        return;
      }
      const waiting = m.transaction ? conn.pending.get(m.transaction) : undefined;
      if (waiting && (m.janus !== 'ack' || waiting.ackIsAnswer)) {
        conn.pending.delete(m.transaction!);
        clearTimeout(waiting.timer);
        if (m.janus === 'error') waiting.reject(new JanusError(m.error?.code ?? 0, m.error?.reason ?? 'janus error'));
        else waiting.resolve(m);
        return;
      }
      if (waiting) return; // the ack of a message whose answer is an event
      if (m.sender !== undefined) {
        conn.handles.get(m.sender)?.({
          janus: m.janus,
          ...(m.plugindata ? { data: m.plugindata.data } : {}),
          ...(m.jsep ? { jsep: m.jsep as TJsep } : {}),
        });
      }
    });
    current = conn;
    return conn;
  };

  const send = async (conn: TConnection, body: Record<string, unknown>, ackIsAnswer = false): Promise<TMessage> => {
    await conn.open;
    if (conn.closed) throw new JanusUnavailable('janus connection closed');
    const transaction = randomUUID();
    return new Promise<TMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        conn.pending.delete(transaction);
        reject(new JanusUnavailable(`janus did not answer ${String(body.janus)} in ${timeoutMs} ms`));
      }, timeoutMs);
      conn.pending.set(transaction, { resolve, reject, ackIsAnswer, timer });
      conn.ws.send(JSON.stringify({ ...body, transaction }), (err) => {
        if (!err) return;
        conn.pending.delete(transaction);
        clearTimeout(timer);
        reject(new JanusUnavailable(err.message));
      });
    });
  };

  const pluginReply = (m: TMessage): TPluginReply => {
    const data = m.plugindata?.data ?? {};
    if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error ?? 'error'));
    return { data, ...(m.jsep ? { jsep: m.jsep as TJsep } : {}) };
  };

  const createSession = async (): Promise<JanusSession> => {
    const conn = connect();
    const created = await send(conn, { janus: 'create' });
    const sessionId = created.data!.id;
    const mine = new Set<number>();
    // Janus ends a session it has not heard from for session_timeout (60 s by default).
    const keepalive = setInterval(() => {
      if (conn.closed) return clearInterval(keepalive);
      send(conn, { janus: 'keepalive', session_id: sessionId }, true).catch((err: Error) =>
        log.warn({ err: err.message, sessionId }, 'janus keepalive failed'),
      );
    }, KEEPALIVE_MS);
    keepalive.unref();
    return {
      id: sessionId,
      gone: () => conn.closed,
      attach: async (plugin) => {
        const attached = await send(conn, { janus: 'attach', session_id: sessionId, plugin });
        const handleId = attached.data!.id;
        mine.add(handleId);
        const listeners: ((event: THandleEvent) => void)[] = [];
        conn.handles.set(handleId, (event) => {
          for (const l of listeners) l(event);
        });
        return {
          id: handleId,
          message: async (body, jsep) =>
            pluginReply(
              await send(conn, {
                janus: 'message',
                session_id: sessionId,
                handle_id: handleId,
                body,
                ...(jsep ? { jsep } : {}),
              }),
            ),
          trickle: async (candidate) => {
            await send(
              conn,
              {
                janus: 'trickle',
                session_id: sessionId,
                handle_id: handleId,
                candidate: candidate ?? { completed: true },
              },
              true,
            );
          },
          detach: async () => {
            conn.handles.delete(handleId);
            mine.delete(handleId);
            if (conn.closed) return;
            await send(conn, { janus: 'detach', session_id: sessionId, handle_id: handleId }).catch(() => undefined);
          },
          onEvent: (listener) => {
            listeners.push(listener);
          },
        };
      },
      destroy: async () => {
        clearInterval(keepalive);
        for (const h of mine) conn.handles.delete(h);
        mine.clear();
        if (conn.closed) return;
        await send(conn, { janus: 'destroy', session_id: sessionId }).catch(() => undefined);
      },
    };
  };

  return {
    createSession,
    close: () => {
      closing = true;
      current?.ws.close();
      current = null;
    },
  };
}
