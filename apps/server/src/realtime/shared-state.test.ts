import type { TBodyIn } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { publicSettingRoutes } from '@rounds/contracts/settings';
import { type RedisServer, startRedis } from '@rounds/test-kit/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/support/call-route';
import { solveCaptcha } from '../../test/support/captcha';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createUser, freshIp, TEST_PASSWORD } from '../../test/support/users';
import { newId } from '../lib/ids';

/**
 * Two server processes' worth of apps on one database and one Redis share what must be shared: the REST
 * rate-limit counters (global and per route), the set of used captchas, and the login throttle (in the
 * database), so N processes never allow N times the attempts.
 */
const REST_MAX = 20;
let redis: RedisServer;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: String(REST_MAX) };
  first = await createTestApp(env);
  second = await createTestApp({ ...env, DATA_DIR: first.config.DATA_DIR }, { schema: first.schema });
});
afterAll(async () => {
  await second?.close({ keepData: true });
  await first?.close();
  await redis?.stop();
});

const login = (t: TestApp, ip: string, body: TBodyIn<typeof authRoutes.login>) =>
  callRoute(t.app, authRoutes.login, { body, remoteAddress: ip });

describe('state shared between processes through Redis and the database', () => {
  it('counts the REST limit of a client across both processes', async () => {
    const ip = freshIp();
    const get = (t: TestApp) => callRoute(t.app, publicSettingRoutes.selfRegistration, { remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i < REST_MAX; i++) statuses.push((await get(i % 2 ? second : first)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The budget is spent on the two together: each refuses the next request.
    const [a, b] = [await get(first), await get(second)];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(b.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('counts a per-route limit across both processes', async () => {
    const ip = freshIp();
    const max = first.config.LOGIN_RATE_LIMIT;
    const attempt = (t: TestApp) => login(t, ip, { username: `nobody.${newId()}@test.rounds`, password: 'x' });
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) statuses.push((await attempt(i % 2 ? second : first)).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });

  it('refuses on the second process a captcha already used on the first', async () => {
    const u = await createUser(first.app);
    // Three failures at the account, on both processes: both now ask for the captcha.
    for (const t of [first, second, first]) {
      expect((await login(t, freshIp(), { username: u.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    for (const t of [first, second]) {
      const asked = await login(t, freshIp(), { username: u.email, password: TEST_PASSWORD });
      expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    }
    const solved = await solveCaptcha(first.app);
    const ip = freshIp();
    const ok = await login(first, ip, { username: u.email, password: TEST_PASSWORD, captchaResponse: solved });
    expect(ok.statusCode, ok.body).toBe(200);
    // The right password cleared the account's failures; fail three times again so the captcha is asked.
    for (const t of [second, first, second]) {
      expect((await login(t, freshIp(), { username: u.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    const replay = await login(second, ip, { username: u.email, password: TEST_PASSWORD, captchaResponse: solved });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    // A fresh one from the second process is accepted there.
    const fresh = await solveCaptcha(second.app);
    const again = await login(second, ip, { username: u.email, password: TEST_PASSWORD, captchaResponse: fresh });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('locks an unknown email out on both processes as one process would', async () => {
    const real = await createUser(first.app);
    const ghost = `ghost.${newId().slice(-6)}@test.rounds`;
    // The same walk on one process for a real account, and alternating processes for an unknown email.
    const walk = async (email: string, alternate: boolean) => {
      const ip = freshIp();
      const out = [];
      for (let i = 0; i < 7; i++) {
        const t = alternate && i % 2 ? second : first;
        const res = await login(t, ip, {
          username: email,
          password: 'Wrong1234',
          ...(i >= 3 ? { captchaResponse: await solveCaptcha(t.app) } : {}),
        });
        out.push([res.statusCode, res.error().code, res.error().attemptLeft]);
      }
      return out;
    };
    const alone = await walk(real.email, false);
    expect(alone.at(-1)?.[0]).toBe(429);
    expect(await walk(ghost, true)).toEqual(alone);
  });
});
