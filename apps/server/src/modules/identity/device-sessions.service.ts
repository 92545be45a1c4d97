import type { TDeviceSession } from '@rounds/contracts/auth';
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { revokeSessions } from '../auth/sessions.store';
import { deviceLabel } from '../push/push.rules';
import { deviceSessionAgent, liveDeviceSessions } from './device-sessions.store';

/** What ending a session needs: the database, and the sockets to close at once. */
export type DeviceSessionsDeps = { db: Kysely<Database>; io: Server };

/**
 * Settings' signed-in devices (issue 26). Ending a session goes the way logout and deactivation go: the session
 * is revoked with its push subscriptions in one transaction with its user log (sessions.service revokeSessions),
 * then its sockets are closed at once (the socket authority's sweep would close them within seconds anyway, on
 * any process), and its next REST call or token renewal is refused, which sends that browser to the login page.
 */
export async function listDeviceSessions(deps: DeviceSessionsDeps, auth: AuthContext): Promise<TDeviceSession[]> {
  const rows = await liveDeviceSessions(deps.db, auth.userId, auth.sessionId);
  // This device first, then the others, the most recently seen first.
  const ordered = [...rows.filter((r) => r.id === auth.sessionId), ...rows.filter((r) => r.id !== auth.sessionId)];
  return ordered.map((r) => ({
    id: r.id,
    label: deviceLabel(r.userAgent),
    ip: r.ip,
    lastSeenAt: r.lastSeenAt,
    createdAt: r.createdAt,
    current: r.id === auth.sessionId,
  }));
}

/** Ends one of the account's sessions, this one included; another account's or an ended one is a 404. */
export async function endDeviceSession(
  deps: DeviceSessionsDeps,
  auth: AuthContext,
  sessionId: string,
  ip: string | null,
): Promise<void> {
  const ended = await endSessions(
    deps,
    { userId: auth.userId, reason: 'endedByUser', onlySessionId: sessionId },
    async (trx) => ({
      userId: auth.userId,
      event: 'session ended',
      ip,
      details: {
        sessionId,
        label: deviceLabel((await deviceSessionAgent(trx, auth.userId, sessionId)) ?? null),
        current: sessionId === auth.sessionId,
      },
    }),
  );
  if (ended.length === 0) throw notFound();
}

/** Signs out every other device of the account. Returns how many sessions ended. */
export async function endOtherDeviceSessions(
  deps: DeviceSessionsDeps,
  auth: AuthContext,
  ip: string | null,
): Promise<number> {
  const ended = await endSessions(
    deps,
    { userId: auth.userId, reason: 'endedByUser', exceptSessionId: auth.sessionId },
    (_, ids) => ({ userId: auth.userId, event: 'other sessions ended', ip, details: { count: ids.length } }),
  );
  return ended.length;
}

type AuditEntry = Parameters<typeof writeAudit>[1];

/**
 * Ends the sessions `which` picks, with the user-log record `entry` makes in the same transaction (none when
 * none ended), then closes their sockets at once. Returns the ids of the sessions it ended.
 */
export async function endSessions(
  deps: DeviceSessionsDeps,
  which: Parameters<typeof revokeSessions>[1],
  entry: (trx: Kysely<Database>, ids: string[]) => AuditEntry | Promise<AuditEntry>,
): Promise<string[]> {
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids = await revokeSessions(trx, which);
    if (ids.length > 0) await writeAudit(trx, await entry(trx, ids));
    return ids;
  });
  disconnectSessions(deps.io, ended);
  return ended;
}
