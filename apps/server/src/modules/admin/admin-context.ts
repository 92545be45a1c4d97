import type { TUser } from '@rounds/contracts/user';
import type { Db } from '../../db/database';
import type { Publish } from '../../realtime/publish';
import { readSetting } from '../settings/settings.service';
import { loadUserDto } from '../users/user-view';

/** Who changes an avatar, for the user log (accounts/account.service). */
type AvatarCtx = { ip: string; by: string };

/**
 * What administration's actions use (app.ts builds it once). Each action file takes the Pick of it that it reads;
 * the services of other domains come in as functions, so this module never holds the Fastify instance.
 */
export type AdminDeps = {
  db: Db;
  publish: Publish;
  /** Closes these sessions' sockets after `delayMs` (realtime/publish disconnectSessions). */
  disconnectSessions: (sessionIds: readonly string[], delayMs: number) => void;
  /** Who of these users has a socket connected now (modules/presence). */
  connectedUsers: (userIds: readonly string[]) => Promise<Set<string>>;
  /** The email queue (modules/notify): its worker woken after a commit, held emails released. */
  notificationJobs: { wake: () => void; dueNow: (jobIds: string[]) => Promise<void> };
  /** Queues the set-password codes and emails of new accounts in the caller's transaction (modules/auth). */
  queueSetPasswordInvites: (
    trx: Db,
    users: { id: string; email: string; language?: string | null }[],
    ip: string | null,
    o?: { holdUntil?: number },
  ) => Promise<string[]>;
  /** The duty roles a deactivated user held alone fall to their escalation targets (modules/on-call). */
  holderDeactivated: (actorId: string, userId: string) => Promise<void>;
  /** A deleted user leaves every call they are in (modules/calls). */
  leaveAllCalls: (userId: string) => Promise<void>;
  /** A dictation whose permission went off ends (modules/speech). */
  speechPermissionRevoked: (userIds: readonly string[]) => void;
  /** The own account's avatar work, done on a managed user (modules/accounts). */
  setAvatar: (userId: string, bytes: Buffer, type: string, ctx: AvatarCtx) => Promise<TUser>;
  deleteAvatar: (userId: string, ctx: AvatarCtx) => Promise<TUser>;
};

/** The user as administration's replies show them, after a write that leaves them in place. */
export async function userReply(db: Db, userId: string): Promise<TUser> {
  return (await loadUserDto(db, userId, await readSetting(db, 'sessionTimeout')))!;
}
