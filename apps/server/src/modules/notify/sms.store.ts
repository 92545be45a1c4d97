import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SmsSendsTable } from '../../db/schema';

// The SMS ledger (sms_sends: one row per message, person and kind) and the caps' windowed counters.

/** Raise a counter unless it reached its cap; false when it had. */
export async function takeSmsCounter(db: Db, key: string, cap: number, expiresAt: number): Promise<boolean> {
  return (
    (await db
      .insertInto('sms_counters')
      .values({ key, count: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ count: sql`${sql.ref('sms_counters.count')} + 1` })
          .where('sms_counters.count', '<', cap),
      )
      .returning('count')
      .executeTakeFirst()) !== undefined
  );
}

/** Gives back what takeSmsCounter took. */
export async function giveSmsCounter(db: Db, key: string): Promise<void> {
  await db
    .updateTable('sms_counters')
    .set({ count: sql`${sql.ref('count')} - 1` })
    .where('key', '=', key)
    .execute();
}

export async function forgetExpiredSmsCounters(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sms_counters').where('expires_at', '<', now).execute();
}

/** Whom a message texted, and for which kind. */
export function sentSmsOfMessage(db: Db, messageId: string) {
  return db
    .selectFrom('sms_sends')
    .select(['recipient_id', 'kind'])
    .where('message_id', '=', messageId)
    .where('status', '=', 'sent')
    .execute();
}

/** The ledger row of an SMS about to go; false when its (message, person, kind) already has one. */
export async function claimSmsSend(db: Db, row: SmsSendsTable): Promise<boolean> {
  const r = await db
    .insertInto('sms_sends')
    .values(row)
    .onConflict((oc) => oc.columns(['message_id', 'recipient_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function refuseSmsSend(db: Db, id: string, reason: string): Promise<void> {
  await db.updateTable('sms_sends').set({ status: 'refused', reason }).where('id', '=', id).execute();
}

export async function insertSmsSend(db: Db, row: SmsSendsTable): Promise<void> {
  await db.insertInto('sms_sends').values(row).execute();
}

/** The ledger's rows since `since`, counted per kind and status. */
export function smsCountsSince(db: Db, since: number) {
  return db
    .selectFrom('sms_sends')
    .select(['kind', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(['kind', 'status'])
    .execute();
}

/** The five people who sent the most priority SMS since `since` (account codes have no sender), with their counts. */
export function topSmsSenders(db: Db, since: number) {
  return db
    .selectFrom('sms_sends')
    .innerJoin('users', 'users.id', 'sms_sends.sender_id')
    .select(['sms_sends.sender_id', 'users.first_name', 'users.last_name'])
    .select(sql<string | number>`sum(case when sms_sends.status = 'sent' then 1 else 0 end)`.as('sent'))
    .select(sql<string | number>`sum(case when sms_sends.status = 'refused' then 1 else 0 end)`.as('refused'))
    .where('sms_sends.created_at', '>=', since)
    .where('sms_sends.kind', '!=', 'account')
    .groupBy(['sms_sends.sender_id', 'users.first_name', 'users.last_name'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('sms_sends.sender_id')
    .limit(5)
    .execute();
}
