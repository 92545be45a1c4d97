import { signInOverApi } from '@rounds/test-kit/mfa';
import { type RunningServer, startServer } from '@rounds/test-kit/server-process';
import type { EngineOptions } from './engines';

/** The server bundle as scripts/start.mjs runs it (a larger young generation), its output on this terminal. */
export function startBenchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    entry: 'bundle',
    prefix: 'bench',
    stdio: 'inherit',
    nodeArgs: [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      '--max-semi-space-size=32',
    ],
    // A start beside other work on a shared machine once took over 20 s.
    readyWithinMs: 120_000,
    env: { LOG_LEVEL: 'error', ...env },
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const fmt = (n: number) => n.toFixed(1);

/** Signs in through the API as a user does and returns the access token (fails the bench on a refusal). */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  // Admins and FacilityAdmins type their authenticator's code too (issue 26): the kit takes both steps.
  const res = await signInOverApi(url, username, password);
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The bench server on a data directory a bench has just seeded (with the seed's message key, on the engine
 * onEachEngine chose), the request and login limits lifted so the route is measured and not the limiter, and
 * the seeded user signed in. The server is stopped if the sign-in fails.
 */
export async function startSeededServer(
  o: EngineOptions,
  env: Record<string, string>,
  messageKey: string,
  user: { email: string; password: string },
): Promise<{ server: RunningServer; token: string }> {
  const server = await startBenchServer({
    ...env,
    DATA_DIR: o.dataDir,
    MESSAGE_KEY: messageKey,
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT: '1000',
  });
  try {
    return { server, token: await signIn(server.url, user.email, user.password) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Calls `call` `warm` times unmeasured, then `count` times: the times it reported, sorted, and its last result. */
export async function timeCalls<T extends { ms: number }>(
  call: () => Promise<T>,
  count = 200,
  warm = 20,
): Promise<{ times: number[]; last: T }> {
  for (let i = 0; i < warm; i++) await call();
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await call());
  return { times: results.map((r) => r.ms).sort((a, b) => a - b), last: results.at(-1)! };
}
