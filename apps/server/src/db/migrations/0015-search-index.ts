import { type Kysely, SqliteAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // The blind index of message search (modules/search, docs/decisions.md "Message search: a blind index"): one
  // row per keyed hash of a word beginning and message. No word is stored, only HMACs under SEARCH_KEY.
  // Keyed by room, then term: a query reads, in each of the user's rooms, the range of one term; a message's
  // rows sit together under its room, so a send touches a few pages, not one per word (a term-first key made
  // every row of a message land on a random page, bench/search). A message's rows are removed by its terms
  // (recomputed from its text), so no second index is paid for.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('message_terms')
    .addColumn('term', 'varchar(16)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('message_id', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_terms_pk', ['room_id', 'term', 'message_id'])
    // SQLite: the primary key is the table (no rowid copy), halving the index on disk.
    .$call((b) => (sqlite ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_terms').execute();
}
