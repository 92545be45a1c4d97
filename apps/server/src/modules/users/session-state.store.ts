import type { TRole } from '@rounds/contracts/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isLiveUser } from './users.store';

/**
 * A session as every check reads it (REST, the socket handshake and its events, the authority sweep, the speech
 * socket): its user, and whether it is live: not revoked (or revoked in the future, a duplicate session's
 * grace) and its user active and not deleted. One indexed query for any number of sessions.
 */
export type SessionState = {
  sessionId: string;
  userId: string;
  role: TRole;
  language: string;
  permissions: string;
  live: boolean;
};

const CHUNK = 500;

/** The rule of a live session, on a row read with its user. */
export function isLiveSession(
  row: { revokedAt: number | null; active: number; deleted: number },
  now: number,
): boolean {
  return isLiveUser(row) && (row.revokedAt === null || row.revokedAt > now);
}

export async function sessionStates(
  db: Kysely<Database>,
  sessionIds: readonly string[],
): Promise<Map<string, SessionState>> {
  const states = new Map<string, SessionState>();
  const now = Date.now();
  for (let i = 0; i < sessionIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.revoked_at as revokedAt',
        'users.active as active',
        'users.deleted as deleted',
        'users.language as language',
        'users.role as role',
        'users.permissions as permissions',
      ])
      .where('sessions.id', 'in', sessionIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const { revokedAt: _r, active: _a, deleted: _d, ...state } = r;
      states.set(r.sessionId, { ...state, live: isLiveSession(r, now) });
    }
  }
  return states;
}

/** One session's state when it belongs to `userId` (a token names both), else undefined. */
export async function sessionStateOf(
  db: Kysely<Database>,
  sessionId: string,
  userId: string,
): Promise<SessionState | undefined> {
  const state = (await sessionStates(db, [sessionId])).get(sessionId);
  return state?.userId === userId ? state : undefined;
}

/** A refresh token with its session and that session's user, as a refresh checks them (isLiveSession). */
export async function refreshTokenState(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.id as tokenId',
      'refresh_tokens.used_at as usedAt',
      'refresh_tokens.expires_at as expiresAt',
      'sessions.id as sessionId',
      'sessions.remember as remember',
      'sessions.revoked_at as revokedAt',
      'users.id as userId',
      'users.role as role',
      'users.active as active',
      'users.deleted as deleted',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
