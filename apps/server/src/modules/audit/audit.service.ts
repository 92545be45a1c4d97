import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';

/** Audit events, as shown in the admin user logs. */
export type AuditEvent =
  | 'register'
  | 'login'
  | 'login failed'
  | 'login throttled'
  | 'login storm'
  | 'outbox read'
  | 'account locked'
  | 'logout'
  | 'password changed'
  | 'password reset'
  | 'email verified'
  | 'phone verified'
  | 'email change requested'
  | 'phone change requested'
  | 'email changed'
  | 'phone changed'
  | 'contact change cancelled'
  | 'account updated'
  | 'settings updated'
  | 'avatar changed'
  | 'avatar removed'
  | 'token reuse detected'
  | 'group created'
  | 'group updated'
  | 'group deleted'
  | 'group left'
  | 'message removed'
  | 'permissions changed'
  | 'logs exported'
  | 'user activated'
  | 'user deactivated'
  | 'role changed'
  | 'user deleted'
  | 'logo changed'
  | 'about texts changed'
  | 'banner changed'
  | 'password policy changed'
  | 'app setting changed';

/** Written inside the caller's transaction, so the record exists exactly when the change does. */
export async function writeAudit(
  db: Kysely<Database>,
  entry: { userId: string | null; event: AuditEvent; ip?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      id: newId(),
      user_id: entry.userId,
      event: entry.event,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: Date.now(),
    })
    .execute();
}
