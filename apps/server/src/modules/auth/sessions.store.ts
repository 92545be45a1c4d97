import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { updatedOne } from '../../db/updated-one';
import { newId } from '../../lib/ids';
import { deleteSessionSubscriptions } from '../push/push.store';

export const REFRESH_TTL_REMEMBER_MS = 30 * 24 * 3_600_000;
export const REFRESH_TTL_SESSION_MS = 24 * 3_600_000;
/** The single-session policy gives the older device this long to warn its user before it is signed out. */
export const DUPLICATE_SESSION_GRACE_MS = 10_000;

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  trx: Kysely<Database>,
  o: { userId: string; remember: boolean; ip: string | null; userAgent: string | null },
): Promise<{ sessionId: string; refreshToken: string; refreshExpiresAt: number }> {
  const now = Date.now();
  const sessionId = newId();
  await trx
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: o.userId,
      remember: o.remember ? 1 : 0,
      ip: o.ip,
      user_agent: o.userAgent?.slice(0, 300) ?? null,
      created_at: now,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  const { refreshToken, refreshExpiresAt } = await addRefreshToken(trx, sessionId, o.remember);
  return { sessionId, refreshToken, refreshExpiresAt };
}

export async function addRefreshToken(trx: Kysely<Database>, sessionId: string, remember: boolean) {
  const now = Date.now();
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpiresAt = now + (remember ? REFRESH_TTL_REMEMBER_MS : REFRESH_TTL_SESSION_MS);
  await trx
    .insertInto('refresh_tokens')
    .values({
      id: newId(),
      session_id: sessionId,
      token_hash: hashRefreshToken(refreshToken),
      expires_at: refreshExpiresAt,
      used_at: null,
      created_at: now,
    })
    .execute();
  return { refreshToken, refreshExpiresAt };
}

/**
 * Revokes the user's live sessions (all, all but one, or only `onlySessionId`), effective at `at`. Returns
 * their ids: a session of another user or one already ended is not among them.
 */
export async function revokeSessions(
  trx: Kysely<Database>,
  o: { userId: string; reason: string; exceptSessionId?: string; onlySessionId?: string; at?: number },
): Promise<string[]> {
  const now = Date.now();
  let q = trx
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', o.userId)
    .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('revoked_at', '>', now)]));
  if (o.exceptSessionId) q = q.where('id', '!=', o.exceptSessionId);
  if (o.onlySessionId) q = q.where('id', '=', o.onlySessionId);
  const ids = (await q.execute()).map((r) => r.id);
  if (ids.length > 0) {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: o.at ?? now, revoked_reason: o.reason })
      .where('id', 'in', ids)
      .execute();
    // A session's push subscriptions end with it (issue 24): nobody is notified on a device signed out.
    await deleteSessionSubscriptions(trx, ids);
  }
  return ids;
}

/** The session was seen now, from `ip` (each token renewal). */
export async function touchSession(db: Kysely<Database>, sessionId: string, ip: string | null, at: number) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at, ...(ip ? { last_ip: ip.slice(0, 64) } : {}) })
    .where('id', '=', sessionId)
    .execute();
}

/** Spends a refresh token once: false when another request spent it first. */
export async function spendRefreshToken(trx: Kysely<Database>, tokenId: string, at: number): Promise<boolean> {
  return updatedOne(
    trx.updateTable('refresh_tokens').set({ used_at: at }).where('id', '=', tokenId).where('used_at', 'is', null),
  );
}
