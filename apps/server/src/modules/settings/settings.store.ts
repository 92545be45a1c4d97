import type { Db, Engine } from '../../db/database';
import type { SettingsTable } from '../../db/schema';

// The settings rows: one JSON value per key.

/** Every setting row, or only the row of `key`. */
export function settingRows(db: Db, key?: string) {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .$if(key !== undefined, (q) => q.where('key', '=', key!))
    .execute();
}

/** Holds the row of `key` until the transaction ends, on PostgreSQL (SQLite writes one transaction at a time). */
export async function lockSettingRow(trx: Db, engine: Engine, key: string): Promise<void> {
  await trx
    .selectFrom('settings')
    .select('key')
    .where('key', '=', key)
    .$if(engine === 'postgres', (q) => q.forUpdate())
    .execute();
}

export async function upsertSetting(db: Db, row: SettingsTable): Promise<void> {
  await db
    .insertInto('settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}

/** Stores the rows whose key is not stored yet, leaving the others as they are. */
export async function insertMissingSettings(db: Db, rows: SettingsTable[]): Promise<void> {
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
