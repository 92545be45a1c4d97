import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { authRoutes } from '@rounds/contracts/auth';
import { contactRoutes } from '@rounds/contracts/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/support/call-route';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createUser, freshIp, login, TEST_PASSWORD } from '../../test/support/users';
import { webBuild } from '../../test/support/web-build';

const SCRIPT = `export const list = [${Array.from({ length: 400 }, (_, i) => `"item ${i}"`).join(',')}];\n`;
const INDEX = '<!doctype html><title>Rounds</title><div id="root"></div>';

describe('compression and caching of what the server sends', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = webBuild({
      'index.html': INDEX,
      // What vite-plugin-compression2 writes next to each asset at build time.
      'assets/app-abc123.js': SCRIPT,
      'assets/app-abc123.js.br': brotliCompressSync(SCRIPT),
      'assets/app-abc123.js.gz': gzipSync(SCRIPT),
    });
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t?.close());

  it('serves the build-time brotli or gzip copy of an asset, cached for a year as immutable', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets index.html be cached without asking again', async () => {
    for (const url of ['/', '/login', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses a large API reply and leaves a small one as it is', async () => {
    const { token } = await login(t.app, (await createUser(t.app)).email);
    // Enough colleagues for the directory to pass the 1 KiB threshold.
    for (let i = 0; i < 12; i++) await createUser(t.app);
    const large = await callRoute(t.app, contactRoutes.list, {
      body: {},
      token,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toContain('accept-encoding');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(body).toBeTypeOf('object');

    // Raw: an unknown path, which no descriptor names.
    const small = await t.app.inject({ url: '/api/v1/nothing', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('NOT_FOUND');
  });

  it('never compresses the auth replies, which carry tokens next to what the caller typed (BREACH)', async () => {
    const { email } = await createUser(t.app);
    const res = await callRoute(t.app, authRoutes.login, {
      headers: { 'accept-encoding': 'br, gzip' },
      body: { username: email, password: TEST_PASSWORD, remember: false },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().token).toBeTypeOf('string');
  });
});
