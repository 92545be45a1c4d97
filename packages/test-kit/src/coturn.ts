import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';
import { stunBinding } from './turn-client';

export const TURNSERVER = '/usr/bin/turnserver';

export type Coturn = {
  port: number;
  secret: string;
  realm: string;
  /** The TURN URL a browser uses (UDP), for TURN_URLS. */
  url: string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * A throwaway coturn (Debian's package; `npm test` and .ci/run install it) on 127.0.0.1 only: TURN REST
 * credentials (use-auth-secret) under a random secret, no TLS/DTLS, no CLI, no config file, its pid file and
 * database in a temp dir, its log on stdout. Loopback peers are allowed because the browsers under test are on
 * loopback too. Resolves once it answers a STUN Binding request. Fails (never skips) when coturn is missing.
 */
export async function startCoturn(): Promise<Coturn> {
  if (!existsSync(TURNSERVER)) {
    throw new Error(`coturn is not installed (${TURNSERVER}): run \`apt-get install coturn\`, then the tests again`);
  }
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const realm = 'rounds.test';
  const dir = mkdtempSync(join(tmpdir(), 'rounds-coturn-'));
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      `--realm=${realm}`,
      '--no-tls',
      '--no-dtls',
      '--allow-loopback-peers',
      '--no-cli',
      '--fingerprint',
      '--log-file=stdout',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`turnserver exited (${child.exitCode}): ${output.slice(-2_000)}`);
    }
    try {
      await stunBinding('127.0.0.1', port, 300);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`turnserver did not answer on 127.0.0.1:${port}: ${output.slice(-2_000)}`);
      }
    }
  }
  return { port, secret, realm, url: `turn:127.0.0.1:${port}?transport=udp`, output: () => output, stop };
}
