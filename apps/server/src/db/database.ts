import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { PRIVATE_DIR_MODE, touchPrivate } from '../lib/private-files';
import { CallbackQueryClient } from './callback-query-client';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; engine: Engine; schema?: string; close: () => Promise<void> };

// PostgreSQL returns bigint (int8) and numeric counts as strings; every value we keep there fits a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own); created when missing. */
  schema?: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Results of the promise form outlived the young generation (callback-query-client.ts).
      Client: CallbackQueryClient,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', schema: options.schema, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = join(options.dataDir, 'rounds.sqlite');
  touchPrivate(file);
  const sqlite = new SQLite(file);
  // WAL for concurrent readers, FULL so an acknowledged write survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * Transactions start with BEGIN IMMEDIATE, taking the write lock first. Within one process Kysely runs them one
 * at a time anyway; across processes on one DATA_DIR (a backup, a second server, a rolling restart) a deferred
 * BEGIN that reads and then writes fails at once with SQLITE_BUSY when another process wrote in between, while
 * an immediate one waits its turn (busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely prepares every query afresh; on the message path preparing cost more than running. Statements are
 * kept by their SQL text (a bounded, least-recently-used set: lists of ids make many distinct texts).
 * Reusing one is safe because better-sqlite3 runs each to completion before the next starts.
 */
function cachingStatements(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** `schema`: keep Kysely's own bookkeeping tables in that PostgreSQL schema (it introspects every schema otherwise). */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely looks for its tables by reading every schema of the database (has_schema_privilege on each, and
    // pg_get_serial_sequence on each table's columns): a schema or table another process drops at that moment
    // (test files in parallel, each in its own schema) fails the read with 3F000 or 42P01 before any migration
    // ran. Nothing was changed, so it is read again.
    const code = (error as { code?: string } | undefined)?.code;
    const racedDrop = !failed && (code === '3F000' || code === '42P01');
    if (racedDrop && attempt < 5) continue;
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
