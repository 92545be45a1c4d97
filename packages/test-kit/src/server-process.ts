import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const MAIN = join(import.meta.dirname, '..', '..', '..', 'apps', 'server', 'src', 'main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

/** The real server (main.ts) in its own process, with only the given environment (and PATH). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: process.env.DATABASE_URL ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the process logs that it serves, or fails with its output. */
export async function untilServing(p: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!p.output().includes('Rounds is serving')) {
    if (Date.now() > deadline || p.child.exitCode !== null) throw new Error(`server did not start:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Removes a server process's DATA_DIR and, on PostgreSQL, its schema. */
export async function dropStore(dir: string, schema: string | undefined): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.DATABASE_URL || !schema) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

/**
 * A temp folder and, when the suite runs on PostgreSQL, a schema of their own for server processes started by
 * a test file (DATA_DIR and DATABASE_SCHEMA); drop() removes both.
 */
export function processStore(prefix: string): { dir: string; schema: string | undefined; drop: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), `rounds-${prefix}-`));
  const schema = process.env.DATABASE_URL ? `${prefix}_${randomBytes(4).toString('hex')}` : undefined;
  return { dir, schema, drop: () => dropStore(dir, schema) };
}
