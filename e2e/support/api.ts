import type { TApiRoute, TReplyOf } from '@rounds/contracts/api-route';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { demoEmail } from '@rounds/test-kit/demo';
import { signInOverApi } from '@rounds/test-kit/mfa';
import { routeFetch, type TFetchInput } from '@rounds/test-kit/route-fetch';
import { budget } from './budget';
import type { RunningServer } from './server';
import { ADMIN } from './server';

/** Demo staff created by SEED_DEMO=true, all with the demo password. */
export { DEMO_PASSWORD } from '@rounds/test-kit/demo';
export const DEMO = {
  amelia: demoEmail('amelia.broussard'),
  noah: demoEmail('noah.thibodeaux'),
  olivia: demoEmail('olivia.landry'),
  liam: demoEmail('liam.hebert'),
  emma: demoEmail('emma.guidry'),
  lucas: demoEmail('lucas.fontenot'),
} as const;

/**
 * A contract route of the real API, as the tests' own client (never through the browser): the descriptor
 * gives the method and path, its schemas type the input and the reply. A refusal is answered, not thrown.
 */
export async function call<R extends TApiRoute>(
  server: RunningServer,
  route: R,
  input: TFetchInput<R>,
): Promise<{ status: number; body: TReplyOf<R> }> {
  const { status, body } = await routeFetch(server.url, route, input);
  return { status, body };
}

/** Logs in through the API and returns the access token (this ends the user's other sessions). */
export async function apiLogin(server: RunningServer, email: string, password: string): Promise<string> {
  // Admins and FacilityAdmins also type their authenticator's code (issue 26): the kit takes both steps.
  const reply = await signInOverApi(server.url, email, password);
  const body = (await reply.json()) as { token?: string; message?: string };
  if (reply.status !== 200 || !body.token) throw new Error(`login ${email}: ${reply.status} ${JSON.stringify(body)}`);
  return body.token;
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
  const reply = await call(server, outboxRoutes.read, { query: { to }, token });
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
