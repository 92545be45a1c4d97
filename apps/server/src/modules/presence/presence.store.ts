import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

// Presence's rows: one per connected socket (presence), one per server process with its heartbeat (servers).

/** Which of these users (all when none are given) has a socket connected on any process. */
export async function connectedUserIds(db: Db, userIds?: readonly string[]): Promise<Set<string>> {
  if (userIds?.length === 0) return new Set();
  const rows = await db
    .selectFrom('presence')
    .select('user_id')
    .distinct()
    .$if(userIds !== undefined, (q) => q.where('user_id', 'in', userIds!))
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Who shares a room with each of these subjects: one row per (subject, viewer). */
export async function roomViewers(db: Db, subjects: readonly string[]) {
  return db
    .selectFrom('room_members as subject')
    .innerJoin('room_members as viewer', 'viewer.room_id', 'subject.room_id')
    .select(['subject.user_id as subject', 'viewer.user_id as viewer'])
    .distinct()
    .where('subject.user_id', 'in', subjects)
    .execute();
}

/** Sockets connected and disconnected on this process, written together in one transaction. */
export async function writeSockets(
  db: Db,
  serverId: string,
  ins: readonly { userId: string; socketId: string }[],
  outs: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (ins.length > 0) {
      await trx
        .insertInto('presence')
        .values(ins.map((c) => ({ socket_id: c.socketId, user_id: c.userId, server_id: serverId, connected_at: now })))
        .onConflict((oc) => oc.column('socket_id').doNothing())
        .execute();
    }
    if (outs.length > 0) await trx.deleteFrom('presence').where('socket_id', 'in', outs).execute();
  });
}

/**
 * The processes counted dead: every other one when this one runs alone (they are its earlier runs), else those
 * whose heartbeat is older than `heartbeatBefore`.
 */
type DeadServers = { serverId: string; alone: boolean; heartbeatBefore: number };

function deadServers(db: Db, o: DeadServers) {
  return db
    .selectFrom('servers')
    .select('id')
    .where((eb) => (o.alone ? eb('id', '!=', o.serverId) : eb('heartbeat_at', '<', o.heartbeatBefore)));
}

/**
 * Removes the dead processes and their sockets (and sockets of no known process); returns the users whose
 * sockets were removed.
 */
export async function sweepDeadServers(db: Db, o: DeadServers): Promise<string[]> {
  const dead = deadServers(db, o);
  const orphaned = (eb: ExpressionBuilder<Database, 'presence'>) =>
    eb.or([eb('server_id', 'in', dead), eb('server_id', 'not in', db.selectFrom('servers').select('id'))]);
  const orphans = await db.selectFrom('presence').select('user_id').distinct().where(orphaned).execute();
  if (orphans.length > 0) await db.deleteFrom('presence').where(orphaned).execute();
  await db.deleteFrom('servers').where('id', 'in', dead).execute();
  return orphans.map((r) => r.user_id);
}

export async function registerServer(db: Db, serverId: string): Promise<void> {
  await db.insertInto('servers').values({ id: serverId, heartbeat_at: Date.now() }).execute();
}

export async function beat(db: Db, serverId: string): Promise<void> {
  await db.updateTable('servers').set({ heartbeat_at: Date.now() }).where('id', '=', serverId).execute();
}

/** This process's sockets and its own row, at shutdown. */
export async function unregisterServer(db: Db, serverId: string): Promise<void> {
  await db.deleteFrom('presence').where('server_id', '=', serverId).execute();
  await db.deleteFrom('servers').where('id', '=', serverId).execute();
}
