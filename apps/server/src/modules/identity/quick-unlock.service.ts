import {
  RECENT_SIGN_IN_MINUTES,
  type TPinProof,
  type TQuickUnlockStatus,
  type TUnlockRequest,
  UNLOCK_MAX_ATTEMPTS,
  UNLOCK_REFUSALS,
} from '@rounds/contracts/quick-unlock';
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit.service';
import { readSetting } from '../settings/settings.service';
import { NO_PASSWORD, readUser } from '../users/users.store';
import { endSessions } from './device-sessions.service';
import {
  clearFailedUnlocks,
  countFailedUnlock,
  deleteUnlockPin,
  saveUnlockPin,
  sessionStartedAt,
  unlockPinHash,
} from './quick-unlock.store';

/** What quick unlock needs: the database, and the sockets to close when the fifth wrong try ends a session. */
export type QuickUnlockDeps = { db: Kysely<Database>; io: Server };

/**
 * Quick unlock on shared workstations (issue 26). The lock itself is the device's (the app covers the screen
 * after the hospital's idle time); the server keeps the PIN (argon2id, like a password) and counts wrong tries per
 * session, so the fifth ends that session the way ending it from Settings does.
 */
/**
 * What setting a PIN asks of this session. An account without a password (made by the hospital's sign-in or the
 * directory) has none to type, so a recent sign-in stands in for it: whoever finds such a screen open after the
 * first minutes cannot set a PIN, as with the password.
 */
async function pinProof(db: Kysely<Database>, auth: AuthContext, passwordHash: string | undefined): Promise<TPinProof> {
  if (passwordHash !== undefined && passwordHash !== NO_PASSWORD) return 'password';
  const startedAt = await sessionStartedAt(db, auth.sessionId);
  const recent = startedAt !== undefined && Date.now() - startedAt <= RECENT_SIGN_IN_MINUTES * 60_000;
  return recent ? 'recentSignIn' : 'signInAgain';
}

export async function quickUnlockStatus(db: Kysely<Database>, auth: AuthContext): Promise<TQuickUnlockStatus> {
  const [hash, lockAfterMinutes, user] = await Promise.all([
    unlockPinHash(db, auth.userId),
    readSetting(db, 'quickLockMinutes'),
    readUser(db, auth.userId),
  ]);
  return { hasPin: hash !== undefined, lockAfterMinutes, proof: await pinProof(db, auth, user?.password_hash) };
}

/** Setting or changing the PIN asks for the password (or, without one, a recent sign-in): see pinProof. */
export async function setUnlockPin(
  db: Kysely<Database>,
  auth: AuthContext,
  input: { pin: string; password?: string | undefined },
  ip: string | null,
): Promise<TQuickUnlockStatus> {
  const user = await readUser(db, auth.userId);
  const proof = await pinProof(db, auth, user?.password_hash);
  if (proof === 'signInAgain') throw forbidden('signInAgainForPin', UNLOCK_REFUSALS.signInAgain);
  if (proof === 'password' && !(input.password && (await verifyPassword(user!.password_hash, input.password)))) {
    throw badRequest('wrongCurrentPassword', UNLOCK_REFUSALS.wrongPassword);
  }
  const hash = await hashPassword(input.pin);
  await db.transaction().execute(async (trx) => {
    await saveUnlockPin(trx, auth.userId, hash, Date.now());
    await writeAudit(trx, { userId: auth.userId, event: 'unlock PIN set', ip });
  });
  return quickUnlockStatus(db, auth);
}

export async function removeUnlockPin(
  db: Kysely<Database>,
  auth: AuthContext,
  ip: string | null,
): Promise<TQuickUnlockStatus> {
  await db.transaction().execute(async (trx) => {
    if (await deleteUnlockPin(trx, auth.userId)) {
      await writeAudit(trx, { userId: auth.userId, event: 'unlock PIN removed', ip });
    }
  });
  return quickUnlockStatus(db, auth);
}

/**
 * Checks the PIN or the password of a locked screen. A wrong one counts on this session; the fifth in a row
 * ends it (401). A PIN asked of an account without one is a 409 and does not count: no PIN could be right.
 */
export async function unlock(
  deps: QuickUnlockDeps,
  auth: AuthContext,
  input: TUnlockRequest,
  ip: string | null,
): Promise<void> {
  let right: boolean;
  if ('pin' in input) {
    const hash = await unlockPinHash(deps.db, auth.userId);
    if (hash === undefined) throw conflict('noUnlockPin', UNLOCK_REFUSALS.noPin);
    right = await verifyPassword(hash, input.pin);
  } else {
    const user = await readUser(deps.db, auth.userId);
    right = user !== undefined && (await verifyPassword(user.password_hash, input.password));
  }
  if (right) {
    await clearFailedUnlocks(deps.db, auth.sessionId);
    return;
  }
  const failed = await countFailedUnlock(deps.db, auth.sessionId);
  if (failed < UNLOCK_MAX_ATTEMPTS) {
    throw new AppError(
      400,
      UNLOCK_REFUSALS.wrong,
      'wrongUnlock',
      { attemptsLeft: UNLOCK_MAX_ATTEMPTS - failed },
      {
        n: UNLOCK_MAX_ATTEMPTS - failed,
      },
    );
  }
  await endSessions(deps, { userId: auth.userId, reason: 'wrongUnlocks', onlySessionId: auth.sessionId }, () => ({
    userId: auth.userId,
    event: 'signed out after wrong unlocks',
    ip,
    details: { sessionId: auth.sessionId, tries: failed },
  }));
  throw unauthorized('unlockSessionEnded', UNLOCK_REFUSALS.ended);
}
