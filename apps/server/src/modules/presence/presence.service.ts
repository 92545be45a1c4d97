import type { TPresenceBatchEvent } from '@rounds/contracts/contacts';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import { CHAT_STATUS, shownStatus, type TChatStatus } from '@rounds/contracts/user';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { Publish } from '../../realtime/publish';
import { resetAutomaticStatus, setChatStatus, userColumns, usersByIds } from '../users/users.store';
import * as store from './presence.store';

export const HEARTBEAT_MS = 10_000;
export const DEAD_AFTER_MS = 30_000;
/** Presence changes are gathered this long, then each recipient gets them in one event. */
export const PRESENCE_TICK_MS = 250;
/**
 * While connects and disconnects keep coming, each write of them waits this long after the previous one, so
 * they go together: a restart's 2,000 reconnections cost tens of durable commits instead of about a thousand
 * (one per two sockets, measured in bench/restart-storm), each an fsync on SQLite that stops the event loop. A
 * change arriving after a quiet moment is written at once, as before.
 */
export const PRESENCE_WRITE_GATHER_MS = 50;

type PresenceChange = TPresenceBatchEvent['changes'][number];

/** Presence writes its rows, tells who can see a change, and logs what fails in the background. */
export type PresenceDeps = { db: Db; publish: Publish; log: FastifyBaseLogger };
/**
 * Presence is told only to those who can see it: the people who share a room with the user, the user's own
 * tabs, and the tabs showing a contact list (WatchPresence). Changes are gathered for PRESENCE_TICK_MS, the
 * last one per user winning, then each recipient gets one event for the tick: the spec's event for a single
 * change, PresenceBatch for several. After a restart, 2,000 reconnecting users cost a few events per user
 * instead of one per user and connected user (docs/decisions.md "Presence audience").
 */
function createPresenceTeller(deps: PresenceDeps, tickMs: number) {
  let pending = new Map<string, PresenceChange>();
  let timer: NodeJS.Timeout | null = null;
  // Once stopped (shutdown), nothing is published: the socket server and its Redis lines are closing, and the
  // other processes announce this one's users when they sweep its rows.
  let stopped = false;

  const emit = (changes: PresenceChange[], audience: Parameters<Publish>[2]) => {
    if (changes.length === 1) {
      const { event, ...payload } = changes[0]!;
      deps.publish(event, payload, audience);
      return;
    }
    deps.publish(SERVER_EVENTS.PresenceBatch, { changes }, audience);
  };

  const flush = async () => {
    timer = null;
    const changes = [...pending.values()];
    pending = new Map();
    if (changes.length === 0) return;
    const subjects = changes.map((c) => c.userId);
    // Whoever shares a room with a subject sees them; a subject's own tabs follow their status too.
    const rows = await store.roomViewers(deps.db, subjects);
    if (stopped) return;
    const seenBy = new Map<string, Set<string>>(subjects.map((id) => [id, new Set([id])]));
    for (const r of rows) {
      const set = seenBy.get(r.viewer) ?? new Set<string>();
      set.add(r.subject);
      seenBy.set(r.viewer, set);
    }
    // Recipients who see the same changes share one emit (room mates usually do).
    const groups = new Map<string, { changes: PresenceChange[]; users: string[] }>();
    for (const [viewer, seen] of seenBy) {
      const theirs = changes.filter((c) => seen.has(c.userId));
      const key = theirs.map((c) => c.userId).join(',');
      const group = groups.get(key);
      if (group) group.users.push(viewer);
      else groups.set(key, { changes: theirs, users: [viewer] });
    }
    emit(changes, { presenceWatchers: true });
    for (const g of groups.values()) emit(g.changes, { users: g.users, exceptPresenceWatchers: true });
  };

  return {
    tell: (change: PresenceChange) => {
      if (stopped) return;
      pending.set(change.userId, change);
      if (timer) return;
      timer = setTimeout(() => {
        void flush().catch((err) => deps.log.warn({ err }, 'presence delivery failed'));
      }, tickMs);
      timer.unref();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}

export type Presence = {
  serverId: string;
  connected: (userId: string, socketId: string) => Promise<void>;
  disconnected: (userId: string, socketId: string) => Promise<void>;
  connectedUsers: (userIds?: readonly string[]) => Promise<Set<string>>;
  setStatus: (userId: string, chatStatus: TChatStatus, manual: boolean) => Promise<void>;
  sweep: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * A user is connected while any of their sockets is, on any server process. Each process keeps its sockets in
 * the presence table and a heartbeat in servers; rows of a process that died (killed, crashed) are swept by
 * the survivors, or at once by its own restart when it runs alone.
 */
export async function startPresence(
  deps: PresenceDeps,
  o: { alone: boolean; tickMs?: number | undefined },
): Promise<Presence> {
  const serverId = newId();
  const db = deps.db;
  const teller = createPresenceTeller(deps, o.tickMs ?? PRESENCE_TICK_MS);

  const announce = async (userIds: string[]) => {
    if (userIds.length === 0) return;
    const rows = await usersByIds(db, userIds, ['chat_status']);
    const live = await connectedUsers(userIds);
    for (const r of rows) {
      const connected = live.has(r.id);
      teller.tell({
        event: connected ? SERVER_EVENTS.UserOnline : SERVER_EVENTS.UserOffline,
        userId: r.id,
        chatStatus: shownStatus({ chatStatus: r.chat_status as TChatStatus, connected }),
        connected,
      });
    }
  };

  const connectedUsers = (userIds?: readonly string[]) => store.connectedUserIds(db, userIds);

  /** Closing the last window resets an automatic status (Away by inactivity) to Available. */
  const wentOffline = async (userIds: string[]) => {
    if (userIds.length === 0) return;
    const still = await connectedUsers(userIds);
    const gone = userIds.filter((id) => !still.has(id));
    if (gone.length === 0) return;
    await resetAutomaticStatus(db, gone, CHAT_STATUS.Available);
    await announce(gone);
  };

  const sweep = async () => {
    const orphans = await store.sweepDeadServers(db, {
      serverId,
      alone: o.alone,
      heartbeatBefore: Date.now() - DEAD_AFTER_MS,
    });
    await wentOffline(orphans);
  };

  /**
   * Connects and disconnects are written together, one transaction per turn of the queue, turns at least
   * PRESENCE_WRITE_GATHER_MS apart while changes keep coming: when a server restarts, thousands of sockets
   * reconnect at once, and a durable write each would take minutes. Each user's
   * change is announced once, and only when it changes what others see (a second tab announces nothing).
   */
  type Change = { kind: 'in' | 'out'; userId: string; socketId: string; done: () => void; fail: (e: unknown) => void };
  let queue: Change[] = [];
  let flushing = false;
  let drained: Promise<void> = Promise.resolve();
  const flush = async () => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const userIds = [...new Set(batch.map((c) => c.userId))];
        const before = await connectedUsers(userIds);
        await store.writeSockets(
          db,
          serverId,
          batch.filter((c) => c.kind === 'in'),
          batch.filter((c) => c.kind === 'out').map((c) => c.socketId),
        );
        const after = await connectedUsers(userIds);
        await announce(userIds.filter((id) => !before.has(id) && after.has(id)));
        await wentOffline(userIds.filter((id) => before.has(id) && !after.has(id)));
        for (const c of batch) c.done();
      } catch (err) {
        for (const c of batch) c.fail(err);
      }
      if (queue.length > 0) await new Promise((r) => setTimeout(r, PRESENCE_WRITE_GATHER_MS));
    }
    lastWriteAt = performance.now();
    flushing = false;
  };
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  const enqueue = (kind: Change['kind'], userId: string, socketId: string) =>
    new Promise<void>((done, fail) => {
      queue.push({ kind, userId, socketId, done, fail });
      if (!flushing) {
        flushing = true;
        // At once after a quiet moment; otherwise PRESENCE_WRITE_GATHER_MS after the last write, gathering.
        const wait = Math.max(0, lastWriteAt + PRESENCE_WRITE_GATHER_MS - performance.now());
        drained = new Promise((resolve) =>
          wait > 0
            ? setTimeout(() => void flush().finally(resolve), wait)
            : setImmediate(() => void flush().finally(resolve)),
        );
      }
    });

  await store.registerServer(db, serverId);
  await sweep();
  const timer = setInterval(() => {
    void (async () => {
      await store.beat(db, serverId);
      await sweep();
    })().catch((err) => deps.log.warn({ err }, 'presence heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();

  return {
    serverId,
    connectedUsers,
    sweep,
    connected: (userId, socketId) => enqueue('in', userId, socketId),
    disconnected: (userId, socketId) => enqueue('out', userId, socketId),
    setStatus: async (userId, chatStatus, manual) => {
      // Offline is not a status a user sets; it is what others see when no socket is connected.
      if (chatStatus === CHAT_STATUS.Offline) return;
      const row = await userColumns(db, userId, ['chat_status', 'chat_status_manual']);
      if (!row) return;
      // An automatic change (inactivity) never overrides a status the user chose by hand.
      if (!manual && row.chat_status_manual === 1) return;
      await setChatStatus(db, userId, chatStatus, manual && chatStatus !== CHAT_STATUS.Available);
      teller.tell({ event: SERVER_EVENTS.ChatStatusChanged, userId, chatStatus, connected: true });
    },
    stop: async () => {
      clearInterval(timer);
      // The disconnects of the sockets just closed are written before this process's rows go.
      await drained;
      teller.stop();
      await store.unregisterServer(db, serverId);
    },
  };
}
