import { SERVER_EVENTS } from '@rounds/contracts/events';
import { CHAT_STATUS, shownStatus, type TChatStatus } from '@rounds/contracts/user';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids';

export const HEARTBEAT_MS = 10_000;
export const DEAD_AFTER_MS = 30_000;

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
export async function startPresence(app: FastifyInstance, o: { alone: boolean }): Promise<Presence> {
  const serverId = newId();
  const db = app.db;

  const announce = async (userIds: string[]) => {
    if (userIds.length === 0) return;
    const rows = await db.selectFrom('users').select(['id', 'chat_status']).where('id', 'in', userIds).execute();
    const live = await connectedUsers(userIds);
    for (const r of rows) {
      const connected = live.has(r.id);
      app.publish(
        connected ? SERVER_EVENTS.UserOnline : SERVER_EVENTS.UserOffline,
        { userId: r.id, chatStatus: shownStatus({ chatStatus: r.chat_status as TChatStatus, connected }), connected },
        { all: true },
      );
    }
  };

  async function connectedUsers(userIds?: readonly string[]): Promise<Set<string>> {
    let q = db.selectFrom('presence').select('user_id').distinct();
    if (userIds) {
      if (userIds.length === 0) return new Set();
      q = q.where('user_id', 'in', userIds);
    }
    return new Set((await q.execute()).map((r) => r.user_id));
  }

  /** Closing the last window resets an automatic status (Away by inactivity) to Available. */
  const wentOffline = async (userIds: string[]) => {
    if (userIds.length === 0) return;
    const still = await connectedUsers(userIds);
    const gone = userIds.filter((id) => !still.has(id));
    if (gone.length === 0) return;
    await db
      .updateTable('users')
      .set({ chat_status: CHAT_STATUS.Available })
      .where('id', 'in', gone)
      .where('chat_status_manual', '=', 0)
      .execute();
    await announce(gone);
  };

  const sweep = async () => {
    const now = Date.now();
    const dead = db
      .selectFrom('servers')
      .select('id')
      .where((eb) => (o.alone ? eb('id', '!=', serverId) : eb('heartbeat_at', '<', now - DEAD_AFTER_MS)));
    const orphans = await db
      .selectFrom('presence')
      .select('user_id')
      .distinct()
      .where((eb) =>
        eb.or([eb('server_id', 'in', dead), eb('server_id', 'not in', db.selectFrom('servers').select('id'))]),
      )
      .execute();
    if (orphans.length === 0) {
      await db.deleteFrom('servers').where('id', 'in', dead).execute();
      return;
    }
    await db
      .deleteFrom('presence')
      .where((eb) =>
        eb.or([eb('server_id', 'in', dead), eb('server_id', 'not in', db.selectFrom('servers').select('id'))]),
      )
      .execute();
    await db.deleteFrom('servers').where('id', 'in', dead).execute();
    await wentOffline(orphans.map((r) => r.user_id));
  };

  /**
   * Connects and disconnects are written together, one transaction per turn of the queue: when a server
   * restarts, thousands of sockets reconnect at once, and a durable write each would take minutes. Each user's
   * change is announced once, and only when it changes what others see (a second tab announces nothing).
   */
  type Change = { kind: 'in' | 'out'; userId: string; socketId: string; done: () => void; fail: (e: unknown) => void };
  let queue: Change[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const userIds = [...new Set(batch.map((c) => c.userId))];
        const before = await connectedUsers(userIds);
        await db.transaction().execute(async (trx) => {
          const ins = batch.filter((c) => c.kind === 'in');
          const outs = batch.filter((c) => c.kind === 'out').map((c) => c.socketId);
          const now = Date.now();
          if (ins.length > 0) {
            await trx
              .insertInto('presence')
              .values(
                ins.map((c) => ({ socket_id: c.socketId, user_id: c.userId, server_id: serverId, connected_at: now })),
              )
              .onConflict((oc) => oc.column('socket_id').doNothing())
              .execute();
          }
          if (outs.length > 0) await trx.deleteFrom('presence').where('socket_id', 'in', outs).execute();
        });
        const after = await connectedUsers(userIds);
        await announce(userIds.filter((id) => !before.has(id) && after.has(id)));
        await wentOffline(userIds.filter((id) => before.has(id) && !after.has(id)));
        for (const c of batch) c.done();
      } catch (err) {
        for (const c of batch) c.fail(err);
      }
    }
    flushing = false;
  };
  const enqueue = (kind: Change['kind'], userId: string, socketId: string) =>
    new Promise<void>((done, fail) => {
      queue.push({ kind, userId, socketId, done, fail });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });

  await db.insertInto('servers').values({ id: serverId, heartbeat_at: Date.now() }).execute();
  await sweep();
  const timer = setInterval(() => {
    void (async () => {
      await db.updateTable('servers').set({ heartbeat_at: Date.now() }).where('id', '=', serverId).execute();
      await sweep();
    })().catch((err) => app.log.warn({ err }, 'presence heartbeat failed'));
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
      const row = await db
        .selectFrom('users')
        .select(['chat_status', 'chat_status_manual'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return;
      // An automatic change (inactivity) never overrides a status the user chose by hand.
      if (!manual && row.chat_status_manual === 1) return;
      await db
        .updateTable('users')
        .set({ chat_status: chatStatus, chat_status_manual: manual && chatStatus !== CHAT_STATUS.Available ? 1 : 0 })
        .where('id', '=', userId)
        .execute();
      app.publish(SERVER_EVENTS.ChatStatusChanged, { userId, chatStatus, connected: true }, { all: true });
    },
    stop: async () => {
      clearInterval(timer);
      await db.deleteFrom('presence').where('server_id', '=', serverId).execute();
      await db.deleteFrom('servers').where('id', '=', serverId).execute();
    },
  };
}
