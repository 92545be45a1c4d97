import {
  type TQuickUnlockStatus,
  type TUnlockRequest,
  UNLOCK_MAX_ATTEMPTS,
  UNLOCK_REFUSALS,
} from '@rounds/contracts/quick-unlock';
import type { Kysely } from 'kysely';
import type { Server } from 'socket.io';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { revokeSessions } from '../auth/sessions.service';
import { readSetting } from '../settings/settings.service';
import { readUser } from '../users/users.store';
import {
  clearFailedUnlocks,
  countFailedUnlock,
  deleteUnlockPin,
  saveUnlockPin,
  unlockPinHash,
} from './quick-unlock.store';

/** What quick unlock needs: the database, and the sockets to close when the fifth wrong try ends a session. */
export type QuickUnlockDeps = { db: Kysely<Database>; io: Server };

/**
 * Quick unlock on shared workstations (issue 26). The lock itself is the device's (the app covers the screen
 * after the hospital's idle time); the server keeps the PIN (argon2id, like a password) and counts wrong tries per
 * session, so the fifth ends that session the way ending it from Settings does.
 */
export async function quickUnlockStatus(db: Kysely<Database>, userId: string): Promise<TQuickUnlockStatus> {
  const [hash, lockAfterMinutes] = await Promise.all([unlockPinHash(db, userId), readSetting(db, 'quickLockMinutes')]);
  return { hasPin: hash !== undefined, lockAfterMinutes };
}

/** Setting or changing the PIN asks for the password: whoever finds an open screen cannot choose one. */
export async function setUnlockPin(
  db: Kysely<Database>,
  auth: AuthContext,
  input: { pin: string; password: string },
  ip: string | null,
): Promise<TQuickUnlockStatus> {
  const user = await readUser(db, auth.userId);
  if (!user || !(await verifyPassword(user.password_hash, input.password))) {
    throw badRequest('wrongCurrentPassword', UNLOCK_REFUSALS.wrongPassword);
  }
  const hash = await hashPassword(input.pin);
  await db.transaction().execute(async (trx) => {
    await saveUnlockPin(trx, auth.userId, hash, Date.now());
    await writeAudit(trx, { userId: auth.userId, event: 'unlock PIN set', ip });
  });
  return quickUnlockStatus(db, auth.userId);
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
  return quickUnlockStatus(db, auth.userId);
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
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids = await revokeSessions(trx, {
      userId: auth.userId,
      reason: 'wrongUnlocks',
      onlySessionId: auth.sessionId,
    });
    if (ids.length > 0) {
      await writeAudit(trx, {
        userId: auth.userId,
        event: 'signed out after wrong unlocks',
        ip,
        details: { sessionId: auth.sessionId, tries: failed },
      });
    }
    return ids;
  });
  disconnectSessions(deps.io, ended);
  throw unauthorized('unlockSessionEnded', UNLOCK_REFUSALS.ended);
}
