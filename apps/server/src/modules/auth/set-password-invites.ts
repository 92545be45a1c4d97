import { toLanguage } from '@rounds/contracts/common';
import { ROUTES } from '@rounds/contracts/routes';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import type { NotificationJobs } from '../notify/notification-jobs.store';
import { renderNotify } from '../notify/notify.texts';
import { hashCode, resetCode } from './codes.service';
import { insertCodeSends, insertVerificationCodes } from './verification-codes.store';

/**
 * How long the link of an account an administrator created stays good: the person may be on leave or on
 * nights when it arrives, so days rather than the 30 minutes of a reset they asked for themselves.
 */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60_000;

const ROWS_PER_STATEMENT = 500;

/** The code's key, the link's address and the queue the emails join (administration passes its own). */
export type SetPasswordInviteDeps = {
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>;
  notificationJobs: Pick<NotificationJobs, 'enqueue'>;
};

/**
 * In the caller's transaction: for each new account, a set-password code (kept only as its HMAC, like every
 * code) and the email carrying the link to /set-password?token=…, queued as a notification job so it is owed
 * exactly when the account exists. POST /user/set-password consumes the code. The caller wakes the worker after
 * commit. Works on many users at once (bulk import): a few statements per 500 users; `holdUntil` keeps the
 * emails from going out before then unless released (notificationJobs.dueNow). Returns the jobs' ids.
 */
export async function queueSetPasswordInvites(
  deps: SetPasswordInviteDeps,
  trx: Db,
  users: { id: string; email: string; language?: string | null }[],
  ip: string | null,
  o: { holdUntil?: number } = {},
): Promise<string[]> {
  const now = Date.now();
  const jobs: string[] = [];
  for (let start = 0; start < users.length; start += ROWS_PER_STATEMENT) {
    const chunk = users.slice(start, start + ROWS_PER_STATEMENT).map((u) => ({ ...u, code: resetCode() }));
    await insertVerificationCodes(
      trx,
      chunk.map((u) => ({
        id: newId(now),
        user_id: u.id,
        purpose: 'set-password' as const,
        target: u.email,
        code_hash: hashCode(deps.config.JWT_SECRET, u.code),
        attempts: 0,
        expires_at: now + SET_PASSWORD_TTL_MS,
        used_at: null,
        created_at: now,
      })),
    );
    await insertCodeSends(
      trx,
      chunk.map((u) => ({ id: newId(now), target: u.email, ip, created_at: now })),
    );
    const ids = await deps.notificationJobs.enqueue(
      trx,
      chunk.map((u) => {
        const link = `${deps.config.PUBLIC_URL}${ROUTES.setPassword}?token=${u.code}`;
        const m = renderNotify('set-password', toLanguage(u.language ?? 'en'), { link });
        return { kind: 'email' as const, recipient: u.email, subject: m.subject, text: m.text };
      }),
      now,
      { dueAt: o.holdUntil },
    );
    jobs.push(...ids);
  }
  return jobs;
}
