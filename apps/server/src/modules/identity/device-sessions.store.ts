import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type DeviceSessionRow = {
  id: string;
  userAgent: string | null;
  ip: string | null;
  lastSeenAt: number;
  createdAt: number;
};

/**
 * The account's sessions a person would call signed in: not revoked (a duplicate session in its grace is
 * already on its way out) and still able to renew its token, so a browser closed weeks ago whose refresh token
 * has expired is not listed. The caller's own session is listed whatever its refresh token says.
 */
export async function liveDeviceSessions(
  db: Kysely<Database>,
  userId: string,
  currentSessionId: string,
  now = Date.now(),
): Promise<DeviceSessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'last_ip', 'last_seen_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('id', '=', currentSessionId),
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.session_id', '=', 'sessions.id')
            .where('refresh_tokens.used_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        ),
      ]),
    )
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      userAgent: r.user_agent,
      ip: r.last_ip ?? r.ip,
      lastSeenAt: Number(r.last_seen_at ?? r.created_at),
      createdAt: Number(r.created_at),
    }))
    .sort((a, b) => b.lastSeenAt - a.lastSeenAt);
}

/** One session of the user's, live or not (what an ended session's user log names). */
export async function deviceSessionAgent(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_agent')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.user_agent : undefined;
}
