import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { TPasswordUpdate } from '@rounds/contracts/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { Db } from '../../db/database';
import { createTickBatch } from '../../lib/tick-batch';
import type { Publish } from '../../realtime/publish';
import type { SocketData } from '../../realtime/socket-data';
import type { RealtimeServer } from '../../realtime/socket-server';
import { userIdsWithPasswordBefore } from '../users/users.store';
import { readSetting } from './settings.service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The password update policy (doc 2 sections 2 and 4): when active, a password last changed before `frequency`
 * periods ago is due, and the user is asked to change it (ForcePasswordUpdate). Months and years are calendar
 * ones (UTC). A frequency of 0 asks nothing: a password that is due the moment it is changed would ask for ever
 * (docs/decisions.md "Password update policy").
 */
export function passwordDueBefore(policy: TPasswordUpdate, now = Date.now()): number | null {
  if (!policy.active || policy.frequency <= 0) return null;
  const f = policy.frequency;
  if (policy.period === 'day') return now - f * DAY;
  if (policy.period === 'week') return now - f * 7 * DAY;
  return monthsBefore(now, policy.period === 'month' ? f : f * 12);
}

/** The same day and time `months` calendar months earlier, the month's last day when it is shorter (31 March → 28 February). */
function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime() + (now - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Whether this user's password is due for a change now (the login reply's forcePasswordUpdate). */
export async function passwordUpdateDue(db: Db, userId: string): Promise<boolean> {
  return (await passwordUpdatesDue(db, [userId])).has(userId);
}

/** Which of these users' passwords are due for a change now: the policy read once, the users in one query. */
export async function passwordUpdatesDue(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  const before = passwordDueBefore(await readSetting(db, 'passwordUpdate'));
  if (before === null || userIds.length === 0) return new Set();
  return new Set(await userIdsWithPasswordBefore(db, before, 'any', userIds));
}

/** After the policy changed: every user now due is told at once (those not connected hear it when they connect). */
export async function askDueUsers(deps: { db: Db; publish: Publish }, policy: TPasswordUpdate): Promise<void> {
  const before = passwordDueBefore(policy);
  if (before === null) return;
  const due = await userIdsWithPasswordBefore(deps.db, before, 'live');
  if (due.length > 0) deps.publish(SERVER_EVENTS.ForcePasswordUpdate, undefined, { users: due });
}

/**
 * Each new socket of a user whose password is due is told so, whichever tab or device it is. The sockets
 * connecting in one turn of the event loop are checked together (a restart brings thousands back at once).
 */
export function installPasswordPolicySocket(deps: {
  db: Db;
  io: RealtimeServer;
  publish: Publish;
  log: FastifyBaseLogger;
}): void {
  const dueTogether = createTickBatch(async (userIds: string[]) => {
    const due = await passwordUpdatesDue(deps.db, userIds);
    return new Map(userIds.map((id) => [id, due.has(id)]));
  });
  deps.io.on('connection', (socket: Socket) => {
    const { userId } = socket.data as SocketData;
    dueTogether(userId)
      .then((due) => {
        if (due) deps.publish(SERVER_EVENTS.ForcePasswordUpdate, undefined, { sockets: [socket.id] });
      })
      .catch((err) => deps.log.warn({ err }, 'password policy check on connect failed'));
  });
}
