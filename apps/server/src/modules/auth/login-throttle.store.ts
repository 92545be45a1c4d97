import { sql } from 'kysely';
import type { Db } from '../../db/database';

// The login_throttle counters: failures per key in a window, and how long a key is blocked.

/** The rows of these keys whose window has not ended. */
export function liveThrottles(db: Db, keys: string[], now: number) {
  return db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).where('window_until', '>', now).execute();
}

/** Until when a key is blocked, when its window has not ended. */
export function liveBlockedUntil(db: Db, key: string, now: number) {
  return db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', '=', key)
    .where('window_until', '>', now)
    .executeTakeFirst();
}

/** Adds one failure to a key in one statement (safe when processes race), starting a new window if it ended. */
export async function bumpThrottle(db: Db, key: string, now: number, windowUntil: number): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_until: windowUntil, blocked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`CASE WHEN login_throttle.window_until <= ${now} THEN 1 ELSE login_throttle.failures + 1 END`,
        blocked_until: sql<
          number | null
        >`CASE WHEN login_throttle.window_until <= ${now} THEN NULL ELSE login_throttle.blocked_until END`,
        window_until: windowUntil,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function blockThrottle(db: Db, key: string, blockedUntil: number, windowUntil: number): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ blocked_until: blockedUntil, window_until: windowUntil })
    .where('key', '=', key)
    .execute();
}

export async function deleteEndedThrottles(db: Db, now: number): Promise<void> {
  await db.deleteFrom('login_throttle').where('window_until', '<=', now).execute();
}

export async function deleteThrottles(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}
