import type { Db } from '../../db/database';
import type { OutboxTable } from '../../db/schema';

// What email and SMS would have carried while no real transport is configured.

export async function insertOutboxRow(db: Db, row: OutboxTable): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/** The latest 100 sent to a recipient, newest first. */
export function outboxFor(db: Db, recipient: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}
