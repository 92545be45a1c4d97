import { randomBytes, randomUUID } from 'node:crypto';
import { ZSendMessageAck } from '@rounds/contracts/chat';
import { freePort, processStore, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import { smsStandIn, smtpStandIn } from '@rounds/test-kit/stand-ins';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, loginDemo } from '../../test/support/live-client';
import { DEMO_PASSWORD } from '../ops/seed-demo';
import { redactUrl } from './logging';

/**
 * A whole journey against the real server process at LOG_LEVEL=trace, with email and SMS going to stand-ins
 * as they would to real providers: register with both codes, sign in, refresh, chat over the socket (token in
 * the handshake query), a wrong password, a password reset. Afterwards the log is searched for every secret
 * the journey used: none may appear, while the requests themselves are all logged.
 */
const { dir: dataDir, schema, drop } = processStore('logs');
afterAll(drop);

describe('request logs', () => {
  it('redacts every query value', () => {
    expect(redactUrl('/api/v1/chat-room/image?key=abc&thumb=1')).toBe(
      '/api/v1/chat-room/image?key=[redacted]&thumb=[redacted]',
    );
    expect(redactUrl('/api/v1/me')).toBe('/api/v1/me');
  });

  it('hold no password, code, token, cookie or message body of a full journey, even at trace level', async () => {
    const smtp = await smtpStandIn();
    const sms = await smsStandIn();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'trace',
      ADMIN_PASSWORD: 'AdminSecret2026x',
      SMTP_URL: smtp.url,
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: 'AC0000',
      SMS_AUTH_TOKEN: 'sms-auth-token-secret-42',
      SMS_FROM: '+15550000000',
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    });
    const secrets = new Set<string>(['AdminSecret2026x', 'sms-auth-token-secret-42']);
    const keep = <T extends string | null | undefined>(value: T): T => {
      if (value) secrets.add(value);
      return value;
    };
    type Reply = {
      token?: string;
      tempToken?: string;
      code?: string;
      user?: { id: string };
      results?: { id: string }[];
    };
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) keep(/rounds_refresh=([^;]+)/.exec(setCookie)?.[1]);
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Reply, setCookie };
    };
    const until = async <T>(find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 100; i += 1) {
        const found = find();
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('nothing arrived');
    };

    try {
      await untilServing(server);
      // Register (captcha, reference data from the public lists).
      const ids: Record<string, string> = {};
      for (const kind of ['facility', 'department', 'profession', 'specialty', 'suffix']) {
        ids[kind] = (await call('GET', `/${kind}/list?all=1`)).json.results![0]!.id;
      }
      const challenge = (await call('GET', '/auth/captcha')).json;
      const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
      const captchaResponse = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const email = `jade.${randomBytes(3).toString('hex')}@hospital.example`;
      const password = keep('Cardio2026secret');
      const reg = await call('POST', '/auth/register', {
        email,
        password,
        firstName: 'Jade',
        lastName: 'Moreau',
        phone: '2255550142',
        phoneCountryCode: '+1',
        phoneCountryName: 'United States',
        facilityId: [ids.facility],
        departmentId: [ids.department],
        professionId: ids.profession,
        specialtyId: [ids.specialty],
        suffixId: ids.suffix,
        captchaResponse,
      });
      expect(reg.status, JSON.stringify(reg.json)).toBe(200);
      const tempToken = keep(reg.json.tempToken as string);
      const bodyOf = (raw: string | undefined) => raw?.split('\n\n').slice(1).join('\n') ?? '';
      const emailCode = keep(
        await until(() => /\b(\d{6})\b/.exec(bodyOf(smtp.mails.find((m) => m.raw.includes(email))?.raw))?.[1]),
      );
      expect((await call('POST', '/auth/verify-email', { verifyToken: emailCode, tempToken })).status).toBe(200);
      const early = await call('POST', '/auth/login', { username: email, password });
      expect(early.json.code).toBe('PHONE_NOT_VERIFIED');
      const phoneTemp = keep(early.json.tempToken as string);
      const smsCodes = () => sms.messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).filter(Boolean) as string[];
      await until(() => (smsCodes().length >= 2 ? true : undefined));
      for (const c of smsCodes()) keep(c);
      const phone = await call('POST', '/auth/verify-phone', { verifyToken: smsCodes().at(-1), tempToken: phoneTemp });
      expect(phone.status, JSON.stringify(phone.json)).toBe(200);

      // Sign in, a wrong password first; refresh with the cookie.
      const wrong = keep('Wrong2026guess');
      expect((await call('POST', '/auth/login', { username: email, password: wrong })).status).toBe(401);
      const session = await call('POST', '/auth/login', { username: email, password, remember: true });
      expect(session.status).toBe(200);
      keep(session.json.token as string);
      const cookie = /rounds_refresh=[^;]+/.exec(session.setCookie ?? '')![0];
      const refreshed = await call('POST', '/auth/refresh-token', {}, { cookie });
      expect(refreshed.status).toBe(200);
      const token = keep(refreshed.json.token as string);

      // Chat with a colleague over the socket; the access token travels in the handshake query.
      keep(DEMO_PASSWORD);
      const colleague = await loginDemo(base, 'amelia.broussard');
      keep(colleague.token);
      const twId = await createGroup(base, colleague, [{ ...colleague, id: reg.json.user!.id }], 'Ward 4 handover');
      const socket = io(base, {
        path: '/server/socket.io',
        query: { token, uuid: randomUUID() },
        transports: ['polling', 'websocket'],
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      for (const body of ['Bed 12: potassium 6.1 secret-body-alpha', 'Call Dr. Roy re: secret-body-beta']) {
        const ack = ZSendMessageAck.parse(
          await socket.timeout(5_000).emitWithAck('SendMessage', { clientId: randomUUID(), twId, body: keep(body) }),
        );
        expect(ack.ok).toBe(true);
      }
      socket.disconnect();

      // Forgot and reset the password; sign in with the new one.
      expect((await call('POST', '/auth/forgot-password', { username: email })).status).toBe(200);
      const resetCode = keep(
        await until(() => {
          const mails = smtp.mails.filter((m) => m.raw.includes(email));
          return /\b([A-HJ-NP-Z2-9]{10})\b/.exec(bodyOf(mails.at(-1)?.raw))?.[1];
        }),
      );
      const newPassword = keep('Renal2027secret');
      const reset = await call('POST', '/auth/reset-password', { token: resetCode, password: newPassword });
      expect(reset.status, JSON.stringify(reset.json)).toBe(200);
      expect((await call('POST', '/auth/login', { username: email, password: newPassword })).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await smtp.close();
      await sms.close();
    }

    const log = server.output();
    // The journey is logged, structured, request by request…
    const lines = log.split('\n').filter((l) => l.startsWith('{'));
    const requests = lines.map((l) => JSON.parse(l)).filter((e) => e.req?.url);
    expect(requests.some((e) => e.req.url === '/api/v1/auth/register')).toBe(true);
    expect(requests.some((e) => e.req.url === '/api/v1/auth/reset-password')).toBe(true);
    expect(lines.some((l) => JSON.parse(l).res?.statusCode === 401)).toBe(true);
    expect(requests.some((e) => e.req.url === '/api/v1/facility/list?all=[redacted]')).toBe(true);
    // …and holds none of the secrets it used (each also checked in its URL-encoded and JSON-escaped forms).
    expect(secrets.size).toBeGreaterThanOrEqual(14);
    for (const secret of secrets) {
      for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
        expect(log.includes(form), `the log holds ${form}`).toBe(false);
      }
    }
  }, 90_000);
});
