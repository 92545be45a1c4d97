import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { ensureServerBuild } from '../../scripts/ensure-server-build.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The real server in its own process on loopback, with a temp DATA_DIR unless DATABASE_URL is given. */
export async function startBenchServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rounds-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const bundle: string = await ensureServerBuild();
  const spawnServer = (): ChildProcess =>
    spawn(
      process.execPath,
      [
        ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
        // As scripts/start.mjs runs it: the server bundle, a larger young generation.
        '--enable-source-maps',
        '--max-semi-space-size=32',
        bundle,
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  const untilReady = async () => {
    // A deadline, not a duration: beside other work on a shared machine a start took over 20 s.
    const deadline = Date.now() + 120_000;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // starting
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, i < 100 ? 20 : 100));
    }
  };
  let child = spawnServer();
  await untilReady();
  const stopChild = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url,
    get pid() {
      return child.pid!;
    },
    /** SIGTERM (graceful shutdown), then the same server again on the same port and data; resolves once ready. */
    restart: async (o: { onStopped?: () => void } = {}) => {
      await stopChild();
      o.onStopped?.();
      child = spawnServer();
      await untilReady();
    },
    stop: async () => {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const fmt = (n: number) => n.toFixed(1);
