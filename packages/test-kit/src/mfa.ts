import { createHmac } from 'node:crypto';
import { routeUrl, type TApiRoute } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { mfaRoutes } from '@rounds/contracts/mfa';

/**
 * Multi-factor sign-in for journeys and benches (issue 26): Admins and FacilityAdmins sign in with an
 * authenticator by default, so the shared sign-in helpers take the same two steps a person does. The codes
 * come from an RFC 6238 implementation of our own (not the server's library), so the two check each other.
 */

/** The demo hospital's published authenticator seed (apps/server/src/ops/seed-demo-factors.ts; a test keeps them equal). */
export const DEMO_TOTP_SECRET = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  const bits = secret
    .replace(/[\s=]/g, '')
    .toUpperCase()
    .split('')
    .map((c) => {
      const value = BASE32.indexOf(c);
      if (value < 0) throw new Error(`not base32: ${c}`);
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The six-digit code an authenticator app shows for this seed at this time (SHA-1, 30 s steps). */
export function totpCode(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * The seeds the helpers enrolled, per server and account, as the person's phone would keep them; an account
 * the helpers did not enrol is taken to hold the demo seed (the demo's Admins are enrolled with it).
 */
const seeds = new Map<string, string>();
const seedKey = (origin: string, email: string) => `${new URL(origin).origin}|${email.toLowerCase()}`;
export const rememberSeed = (origin: string, email: string, seed: string): void => {
  seeds.set(seedKey(origin, email), seed);
};
export const seedOf = (origin: string, email: string): string => seeds.get(seedKey(origin, email)) ?? DEMO_TOTP_SECRET;
/** The current code of the authenticator that signs this account in on this server. */
export const codeFor = (origin: string, email: string): string => totpCode(seedOf(origin, email));

const MFA_REQUIRED = 'MFA_REQUIRED';
const MFA_ENROLMENT_REQUIRED = 'MFA_ENROLMENT_REQUIRED';

type TInit = { headers?: Record<string, string>; remember?: boolean };

/** The raw Response (callers read its cookie and its refusal's body), at the route's own method and path. */
async function postJson(
  baseUrl: string,
  route: TApiRoute,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}${routeUrl(route)}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * Signs in through the API as the web app does: the password, then, when the server asks, the current code
 * (or an enrolment first, whose seed is kept for the next time). Answers the last response: the login's reply
 * on success, or the refusal it ended with.
 */
export async function signInOverApi(baseUrl: string, email: string, password: string, init: TInit = {}) {
  const first = await postJson(
    baseUrl,
    authRoutes.login,
    { username: email, password, remember: init.remember ?? false },
    init.headers,
  );
  if (first.status !== 403) return first;
  const refusal = (await first.clone().json()) as { code?: string; mfaToken?: string };
  const mfaToken = refusal.mfaToken;
  if (refusal.code === MFA_REQUIRED)
    return postJson(baseUrl, mfaRoutes.verify, { mfaToken, code: codeFor(baseUrl, email) }, init.headers);
  if (refusal.code !== MFA_ENROLMENT_REQUIRED) return first;
  const started = await postJson(baseUrl, mfaRoutes.enrolStart, { mfaToken }, init.headers);
  if (!started.ok) return started;
  const { data } = (await started.json()) as { data: { factorId: string; secret: string } };
  rememberSeed(baseUrl, email, data.secret);
  return postJson(
    baseUrl,
    mfaRoutes.enrolConfirm,
    { mfaToken, factorId: data.factorId, code: totpCode(data.secret), label: 'Test authenticator' },
    init.headers,
  );
}
