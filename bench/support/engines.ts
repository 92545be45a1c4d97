import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type EngineOptions = { dataDir: string; databaseUrl?: string; schema?: string };
export type EngineRun = (label: string, env: Record<string, string>, o: EngineOptions) => Promise<void>;

/**
 * Runs a bench on SQLite, then on PostgreSQL when BENCH_DATABASE_URL is set, in a schema of its own that is
 * dropped afterwards (one query code, measured on both engines). `sqlite: false` runs PostgreSQL alone.
 */
export async function onEachEngine(name: string, run: EngineRun, o: { sqlite?: boolean } = {}): Promise<void> {
  const dataDir = () => mkdtempSync(join(tmpdir(), `rounds-bench-${name}-`));
  if (o.sqlite !== false) await run('SQLite', {}, { dataDir: dataDir() });
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same on PostgreSQL)');
    return;
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  try {
    await run(
      'PostgreSQL',
      { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema },
      { dataDir: dataDir(), databaseUrl: pgUrl, schema },
    );
  } finally {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}
