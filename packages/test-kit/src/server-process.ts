import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { ensureServerBuild } from '../../../scripts/ensure-server-build.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SOURCE = ['--import', 'tsx', join(ROOT, 'apps', 'server', 'src', 'main.ts')];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
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

type Env = Record<string, string | undefined>;

/**
 * How the server runs: `source` is main.ts through tsx (server tests: what a test changes is what runs);
 * `bundle` is what `npm start` runs, the esbuild bundle, built first when missing or stale (journeys, benches).
 * `inherit` hands the server's output to this terminal instead of keeping it for `output()`.
 */
export type SpawnOptions = { entry?: 'source' | 'bundle'; nodeArgs?: string[]; stdio?: 'pipe' | 'inherit' };

async function entryArgs(entry: SpawnOptions['entry']): Promise<string[]> {
  return entry === 'bundle' ? ['--enable-source-maps', await ensureServerBuild()] : SOURCE;
}

/** The one way a server process starts: the given environment and PATH, nothing else of this process's. */
function spawnServer(args: string[], env: Env, o: SpawnOptions): ServerProcess {
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: o.stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
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

/** The real server (main.ts) in its own process, on the suite's database (DATABASE_URL) and the given environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  return spawnServer(SOURCE, { DATABASE_URL: process.env.DATABASE_URL ?? '', ...env }, {});
}

/** Waits until the process logs that it serves, or stops it and fails with its output. */
export async function untilServing(p: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!p.output().includes('Rounds is serving')) {
    if (Date.now() > deadline || p.child.exitCode !== null) {
      // Else a slow one finishes starting later and outlives the run, as startServer's would.
      p.child.kill('SIGKILL');
      throw new Error(`server did not start:\n${p.output()}`);
    }
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

export type RunningServer = {
  url: string;
  dataDir: string;
  readonly pid: number;
  output: () => string;
  /** SIGTERM (graceful shutdown), then the same server again on the same port and data; resolves once ready. */
  restart: (o?: { onStopped?: () => void }) => Promise<void>;
  /** SIGTERM, then the temp DATA_DIR removed. */
  stop: () => Promise<void>;
};

export type StartOptions = SpawnOptions & {
  /** The server's environment beside PORT, HOST, DATA_DIR (a temp folder unless given) and PUBLIC_URL. */
  env?: Env;
  /** A deadline for /readyz, not a duration: beside other work on a shared machine a start can take long. */
  readyWithinMs?: number;
  /** The temp DATA_DIR's name, rounds-<prefix>-… */
  prefix?: string;
  /** A port chosen beforehand (freePort): a service that must know the server's address before it starts. */
  port?: number;
};

/** The real server process on a free loopback port with a temp DATA_DIR; resolves once /readyz answers. */
export async function startServer(o: StartOptions = {}): Promise<RunningServer> {
  const port = o.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), `rounds-${o.prefix ?? 'server'}-`));
  const url = `http://127.0.0.1:${port}`;
  const args = await entryArgs(o.entry);
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, ...o.env };
  const readyWithinMs = o.readyWithinMs ?? 30_000;
  const untilReady = async (p: ServerProcess) => {
    const deadline = Date.now() + readyWithinMs;
    for (let i = 0; ; i++) {
      if (p.child.exitCode !== null) throw new Error(`server exited: ${p.output()}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // Else it finishes starting later and outlives the run (a loaded run once left fifteen behind).
        p.child.kill('SIGKILL');
        throw new Error(`server did not start: ${p.output()}`);
      }
      await new Promise((r) => setTimeout(r, i < 100 ? 20 : 100));
    }
  };
  const stopProcess = async (p: ServerProcess) => {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  };
  let current = spawnServer(args, env, o);
  await untilReady(current);
  return {
    url,
    dataDir,
    get pid() {
      return current.child.pid!;
    },
    output: () => current.output(),
    restart: async ({ onStopped } = {}) => {
      await stopProcess(current);
      onStopped?.();
      current = spawnServer(args, env, o);
      await untilReady(current);
    },
    stop: async () => {
      await stopProcess(current);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
