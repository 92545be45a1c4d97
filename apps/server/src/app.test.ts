import { accountRoutes } from '@rounds/contracts/account';
import { publicSettingRoutes } from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callRoute } from '../test/support/call-route';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { webBuild } from '../test/support/web-build';

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { ready: false });
    // A route with a contract, to see how the error handler answers bad input. The tests below call it and
    // unknown paths raw: neither has a descriptor in the contracts.
    t.app.post(
      '/api/v1/test/echo',
      {
        schema: {
          body: z.object({
            name: z.string().min(1),
            age: z.number().int().optional(),
            tags: z.array(z.string()).max(2).optional(),
          }),
        },
      },
      async (req) => ({ data: req.body }),
    );
    t.app.get('/api/v1/test/boom', async () => {
      throw new Error('database exploded with secret detail');
    });
    await t.app.ready();
  });
  afterAll(() => t.close());
  /** Posts to the echo route: an object as JSON, or a raw body of the content type given. */
  const echo = (payload: object | string, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload,
      ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    });

  it('answers health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    // Ready once the staff directory built at start is there.
    await expect.poll(async () => (await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      database: true,
      directory: true,
    });
  });

  it('answers unknown API routes with 404 { message, code }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/does-not-exist', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('answers bad input with 400 naming the field', async () => {
    const missing = await echo({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(missing.json().message).toContain('name');

    const wrongType = await echo({ name: 'a', age: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('age');

    const nested = await echo({ name: 'a', tags: [1] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toContain('tags');
  });

  it('answers broken JSON with 400 and an oversized body with 413', async () => {
    const broken = await echo('{"name":', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'INVALID_JSON' });

    const big = await echo(JSON.stringify({ name: 'x'.repeat(2_000_000) }), 'application/json');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const wrongType = await echo('x', 'application/x-unknown');
    expect(wrongType.statusCode).toBe(415);
  });

  it('hides the detail of an unexpected failure behind a 500 with a safe message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong, please try again.', code: 'INTERNAL_ERROR' });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes OpenAPI generated from the contracts at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/setting/app-settings', '/api/v1/setting/calling-codes']),
    );
    expect(doc.paths['/api/v1/setting/app-settings'].get.responses['200']).toBeDefined();
    // A 204 reply says it has no content, not a body of null.
    const deleted = doc.paths['/scim/v2/Users/{id}'].delete.responses['204'];
    expect(deleted).toBeDefined();
    expect(deleted.content).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answers 429 with the error shape past the limit', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await callRoute(t.app, publicSettingRoutes.callingCodes, {})).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await callRoute(t.app, publicSettingRoutes.callingCodes, {});
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
      expect(res.headers['retry-after']).toBeDefined();
      // Health checks are never limited.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves index.html for client routes, 404 for unknown paths, and assets as files', async () => {
    const dist = webBuild({
      'index.html': '<!doctype html><title>Rounds</title><div id="root"></div>',
      'assets/app-abc123.js': 'console.log(1)',
    });
    const t = await createTestApp({ WEB_DIST: dist });
    try {
      for (const path of ['/', '/login', '/contacts', '/admin', '/admin/users/new', '/eula', '/about-us?x=1']) {
        const res = await t.app.inject({ url: path });
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      // A conversation's own address is a client route; /chat alone or deeper is not.
      const room = await t.app.inject({ url: '/chat/0123456789abcdef01234567?rs=0123456789abcdef01234567' });
      expect(room.statusCode).toBe(200);
      expect(room.body).toContain('<div id="root">');
      for (const path of ['/chat', '/chat/', '/chat/a/b']) {
        expect((await t.app.inject({ url: path })).statusCode, path).toBe(404);
      }
      const unknown = await t.app.inject({ url: '/no/such/page' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('<div id="root">');
      const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // Raw: an unknown path, which no descriptor names.
      const api = await t.app.inject({ url: '/api/v1/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});

describe('rate limit keys', () => {
  it('does not count static files, and counts a signed-in caller per user rather than per address', async () => {
    const dist = webBuild({ 'index.html': '<!doctype html><div id="root"></div>', 'assets/a.js': '1' });
    const t = await createTestApp({ WEB_DIST: dist, RATE_LIMIT_MAX: '3' });
    try {
      for (let i = 0; i < 6; i++) expect((await t.app.inject({ url: '/assets/a.js' })).statusCode).toBe(200);
      const { createUser, login } = await import('../test/support/users');
      const a = await login(t.app, (await createUser(t.app)).email);
      const b = await login(t.app, (await createUser(t.app)).email);
      const me = (token: string) => callRoute(t.app, accountRoutes.me, { token, remoteAddress: '10.0.0.1' });
      const codesA = [];
      for (let i = 0; i < 4; i++) codesA.push((await me(a.token)).statusCode);
      expect(codesA).toEqual([200, 200, 200, 429]);
      // Same address, another user: their own budget.
      expect((await me(b.token)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
