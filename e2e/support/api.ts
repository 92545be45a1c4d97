import { budget } from './budget';
import type { RunningServer } from './server';
import { ADMIN } from './server';

/** Demo staff created by SEED_DEMO=true (apps/server/src/ops/seed-demo.ts), all with this password. */
export const DEMO_PASSWORD = 'Rounds2026';
export const DEMO = {
  amelia: 'amelia.broussard@demo.rounds.local',
  noah: 'noah.thibodeaux@demo.rounds.local',
  olivia: 'olivia.landry@demo.rounds.local',
  liam: 'liam.hebert@demo.rounds.local',
  emma: 'emma.guidry@demo.rounds.local',
  lucas: 'lucas.fontenot@demo.rounds.local',
} as const;

type TJson = Record<string, unknown>;

/** A JSON call to the real API, as the tests' own client (never through the browser). */
export async function api<T = TJson>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** Logs in through the API and returns the access token (this ends the user's other sessions). */
export async function apiLogin(server: RunningServer, email: string, password: string): Promise<string> {
  const reply = await api<{ token?: string; message?: string }>(server, 'POST', '/auth/login', {
    username: email,
    password,
    remember: false,
  });
  if (reply.status !== 200 || !reply.body.token)
    throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.token;
}

/**
 * Reads the outbox (what email and SMS would have carried) as the Admin. The Admin's token is kept per
 * server: logging the Admin in again would end that session, which the tests do not need to do.
 */
const adminTokens = new WeakMap<RunningServer, string>();

export async function outbox(server: RunningServer, to: string): Promise<{ text: string; subject: string | null }[]> {
  let token = adminTokens.get(server);
  if (!token) {
    token = await apiLogin(server, ADMIN.email, ADMIN.password);
    adminTokens.set(server, token);
  }
  const reply = await api<{ data: { messages: { text: string; subject: string | null }[] } }>(
    server,
    'GET',
    `/outbox?to=${encodeURIComponent(to)}`,
    undefined,
    token,
  );
  if (reply.status !== 200) throw new Error(`outbox ${to}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data.messages;
}

/** The newest code sent to an address or phone: six digits, or the 10-character reset code. */
export async function latestCode(
  server: RunningServer,
  to: string,
  kind: 'digits' | 'reset' = 'digits',
): Promise<string> {
  const pattern = kind === 'digits' ? /\b(\d{6})\b/ : /\b([A-Z2-9]{10})\b/;
  const deadline = Date.now() + budget(5_000);
  for (;;) {
    const [latest] = await outbox(server, to);
    const match = latest?.text.match(pattern);
    if (match?.[1]) return match[1];
    if (Date.now() > deadline) throw new Error(`no code sent to ${to}: ${JSON.stringify(latest)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
