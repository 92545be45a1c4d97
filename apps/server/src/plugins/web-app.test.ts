import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { FIRST_PAINT_SCRIPT, LANGUAGE_COOKIE, pageLanguage } from '@rounds/contracts/first-paint';
import { PRERENDERED_PAGES } from '@rounds/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { webBuild } from '../../test/support/web-build';

const INDEX = '<!doctype html><html lang="en"><title>Rounds</title><div id="root"></div>';
const page = (name: string, language: string) =>
  `<!doctype html><html lang="${language}"><title>${name}</title><div id="root"><h1>${name} ${language}</h1></div>`;

describe('pages the web build rendered ahead (dist/prerendered)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const files: Record<string, string | Buffer> = { 'index.html': INDEX };
    // What apps/web/scripts/prerender.mjs writes: each page in each language, with its brotli and gzip copies.
    for (const { name } of PRERENDERED_PAGES) {
      for (const language of ['en', 'fr']) {
        const file = `prerendered/${name}.${language}.html`;
        files[file] = page(name, language);
        files[`${file}.br`] = brotliCompressSync(page(name, language));
        files[`${file}.gz`] = gzipSync(page(name, language));
      }
    }
    const dist = webBuild(files);
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t?.close());

  it('answers /login with the login page in the language of Accept-Language, never cached without asking', async () => {
    const fr = await t.app.inject({ url: '/login', headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' } });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toBe(page('login', 'fr'));
    expect(fr.headers['content-type']).toMatch(/^text\/html/);
    expect(fr.headers['cache-control']).toBe('no-cache');
    expect(String(fr.headers.vary)).toMatch(/cookie/);
    expect(String(fr.headers.vary)).toMatch(/accept-language/);

    const en = await t.app.inject({ url: '/login', headers: { 'accept-language': 'de-DE,en;q=0.5,fr;q=0.4' } });
    expect(en.body).toBe(page('login', 'en'));
    const none = await t.app.inject({ url: '/forgot-password' });
    expect(none.body).toBe(page('forgot-password', 'en'));
  });

  it('prefers the language the web app shows on this device (its cookie) to Accept-Language', async () => {
    const res = await t.app.inject({
      url: '/login',
      headers: { 'accept-language': 'fr', cookie: `other=1; ${LANGUAGE_COOKIE}=en` },
    });
    expect(res.body).toBe(page('login', 'en'));
    const fr = await t.app.inject({ url: '/forgot-password', headers: { cookie: `${LANGUAGE_COOKIE}=fr` } });
    expect(fr.body).toBe(page('forgot-password', 'fr'));
    // Anything but a language Rounds has is ignored.
    const odd = await t.app.inject({
      url: '/login',
      headers: { cookie: `${LANGUAGE_COOKIE}=de`, 'accept-language': 'fr' },
    });
    expect(odd.body).toBe(page('login', 'fr'));
  });

  it('sends the build-time brotli copy of a prerendered page', async () => {
    const res = await t.app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'gzip, br', 'accept-language': 'fr' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page('login', 'fr'));
  });

  it('answers / with the signed-in frame of the home page in the language of the reader, with a query string too', async () => {
    const home = await t.app.inject({ url: '/', headers: { 'accept-language': 'fr' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(page('home', 'fr'));
    expect(home.headers['cache-control']).toBe('no-cache');
    const linked = await t.app.inject({ url: `/?rs=${'a'.repeat(24)}`, headers: { cookie: `${LANGUAGE_COOKIE}=en` } });
    expect(linked.body).toBe(page('home', 'en'));
  });

  it('answers the other app routes and unknown paths with index.html as before', async () => {
    const room = await t.app.inject({ url: `/chat/${'b'.repeat(24)}`, headers: { 'accept-language': 'fr' } });
    expect(room.statusCode).toBe(200);
    expect(room.body).toBe(INDEX);
    const register = await t.app.inject({ url: '/register' });
    expect(register.body).toBe(INDEX);
    const unknown = await t.app.inject({ url: '/login/extra' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(INDEX);
  });

  it('lets exactly the colour-scheme script run inline', async () => {
    const res = await t.app.inject({ url: '/login' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});

describe('pageLanguage', () => {
  it('reads the cookie first, then Accept-Language by quality and order, English otherwise', () => {
    expect(pageLanguage('fr', 'en')).toBe('fr');
    expect(pageLanguage(undefined, 'fr-FR,fr;q=0.9')).toBe('fr');
    expect(pageLanguage(undefined, 'de;q=1, en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(pageLanguage(undefined, 'fr;q=0, en-GB')).toBe('en');
    expect(pageLanguage(undefined, 'es, it')).toBe('en');
    expect(pageLanguage('', undefined)).toBe('en');
  });
});
