import type { TUserLogEvent } from '@rounds/contracts/user-logs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertAuditLogs } from './audit-logs.store';

/** Audit events, as shown in the admin user logs (contracts USER_LOG_EVENTS). */
export type AuditEvent = TUserLogEvent;

/** Written inside the caller's transaction, so the record exists exactly when the change does. */
export async function writeAudit(
  db: Kysely<Database>,
  entry: { userId: string | null; event: AuditEvent; ip?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await insertAuditLogs(db, [
    {
      id: newId(),
      user_id: entry.userId,
      event: entry.event,
      ip: entry.ip ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: Date.now(),
    },
  ]);
}

/** Several entries in one statement per few hundred (bulk import), in the caller's transaction. */
export async function writeAudits(
  db: Kysely<Database>,
  entries: { userId: string | null; event: AuditEvent; ip?: string | null; details?: Record<string, unknown> }[],
): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < entries.length; start += 1000) {
    await insertAuditLogs(
      db,
      entries.slice(start, start + 1000).map((e) => ({
        id: newId(now),
        user_id: e.userId,
        event: e.event,
        ip: e.ip ?? null,
        details: e.details ? JSON.stringify(e.details) : null,
        created_at: now,
      })),
    );
  }
}
