import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportIfSlow } from '@rounds/test-kit/slow-step';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';

export const TEST_ADMIN = { email: 'admin@test.rounds', password: 'Admin12345' };

export type TestApp = {
  app: FastifyInstance;
  schema?: string;
  config: Config;
  /** Base URL once listen() has been called. */
  url: () => string;
  listen: () => Promise<string>;
  close: (o?: { keepData?: boolean }) => Promise<void>;
};

/**
 * A real app on a fresh database: SQLite in a temp DATA_DIR, or, when DATABASE_URL is set (the CI's
 * PostgreSQL pass), a fresh schema in that database, dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    ready?: boolean;
    captchaCost?: number /** reuse another app's PostgreSQL schema (restart tests) */;
    schema?: string;
    presenceTickMs?: number;
    onRoute?: BuildOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rounds-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? (options.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp(config, {
    dbSchema: schema,
    captchaCost: options.captchaCost ?? 10,
    ...(options.presenceTickMs ? { presenceTickMs: options.presenceTickMs } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  if (options.ready !== false) await app.ready();
  let baseUrl = '';
  return {
    app,
    schema,
    config,
    url: () => baseUrl,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      baseUrl = `http://127.0.0.1:${address.port}`;
      return baseUrl;
    },
    close: async (o: { keepData?: boolean } = {}) => {
      const connections = () =>
        new Promise<unknown>((resolve) => app.server.getConnections((_, n) => resolve({ connections: n })));
      await reportIfSlow(`app.close (${schema ?? dataDir})`, app.close(), connections);
      if (o.keepData) return;
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await reportIfSlow(`DROP SCHEMA ${schema}`, client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`), () =>
          waitingSessions(databaseUrl),
        );
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's app on a fresh database, listening unless told not to: started in beforeAll and handed to
 * `started` (which may sign someone in), closed after the file's tests.
 */
export function useTestApp(
  started: (t: TestApp) => void | Promise<void>,
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    if (options.listen !== false) await t.listen();
    await started(t);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** What PostgreSQL's other sessions are doing and waiting for: why a DROP SCHEMA waits. */
async function waitingSessions(databaseUrl: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT pid, state, wait_event_type, wait_event, left(query, 120) AS query, pg_blocking_pids(pid) AS blocked_by
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
