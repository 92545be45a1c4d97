import type { TReplyOf } from '@rounds/contracts/api-route';
import { LIMITS } from '@rounds/contracts/limits';
import { adminSettingRoutes, currentLogoPath, ZAppSettingsReply } from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type TErrorBody } from '../../../test/support/call-route';
import type { FieldPart, Part } from '../../../test/support/multipart';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';

let t: TestApp;
let admin: { token: string; userId: string };
const tokens: Record<string, string> = {};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Rounds -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#g"/></svg>',
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

const file = (bytes: Buffer, filename = 'logo.png', type = 'image/png'): Part => ({
  name: 'file',
  filename,
  type,
  bytes,
});
const key = (value: string): FieldPart => ({ name: 'key', value });

async function upload(token: string | null, parts: (Part | FieldPart)[], lang = 'en') {
  const res = await callRoute(t.app, adminSettingRoutes.logos, {
    multipart: parts,
    ...(token ? { token } : {}),
    headers: { 'accept-language': lang },
  });
  return {
    status: res.statusCode,
    body: res.json() as TReplyOf<typeof adminSettingRoutes.logos> & Partial<TErrorBody>,
  };
}

async function settings() {
  return ZAppSettingsReply.parse((await callRoute(t.app, adminSettingRoutes.appSettings, {})).json()).appSettings;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const role of ['FacilityAdmin', 'Regular'] as const) {
    tokens[role] = (await login(t.app, (await createUser(t.app, { role })).email)).token;
  }
});
afterAll(() => t.close());

describe('POST /setting/logos', () => {
  it('is the Admin’s only', async () => {
    const parts = [key('squareLogo'), file(PNG)];
    expect((await upload(null, parts)).status).toBe(401);
    expect((await upload(tokens.FacilityAdmin!, parts)).status).toBe(403);
    expect((await upload(tokens.Regular!, parts)).status).toBe(403);
    expect((await upload(admin.token, parts)).status).toBe(200);
  });

  it('accepts png, gif, jpeg and svg by their bytes; serves each under a new URL that app-settings reports', async () => {
    const seen = new Set<string>();
    for (const [bytes, type, kind] of [
      [PNG, 'image/png', 'recentLogo'],
      [GIF, 'image/gif', 'moreLogo'],
      [JPEG, 'image/jpeg', 'aboutUsHeader'],
      [SVG, 'image/svg+xml', 'whiteLogoBig'],
      // The name and the browser's type are not believed: these bytes are a PNG.
      [PNG, 'image/png', 'squareLogoDark'],
    ] as const) {
      const res = await upload(admin.token, [file(bytes, 'whatever.bin', 'application/octet-stream'), key(kind)]);
      expect(res.status, kind).toBe(200);
      expect(res.body.message).toBe('Logo updated successfully');
      const logo: string = res.body.data.logo;
      expect(logo).toMatch(/^\/logos\/logo-[0-9a-f]{24}\.(png|gif|jpg|svg)$/);
      expect(seen.has(logo)).toBe(false);
      seen.add(logo);
      expect((await settings())[kind]).toBe(logo);
      const served = await t.app.inject({ method: 'GET', url: logo });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toContain('immutable');
      expect(String(served.headers['content-security-policy'])).toContain('sandbox');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('leads from the current-logo address of a kind to whatever file it has now, never cached', async () => {
    const current = async () => t.app.inject({ method: 'GET', url: currentLogoPath('recentLogoDark') });
    const before = await current();
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toBe((await settings()).recentLogoDark);
    expect(before.headers['cache-control']).toBe('no-cache');
    const uploaded = (await upload(admin.token, [key('recentLogoDark'), file(PNG)])).body.data.logo as string;
    const after = await current();
    expect(after.headers.location).toBe(uploaded);
    const served = await t.app.inject({ method: 'GET', url: String(after.headers.location) });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const unknown = await t.app.inject({ method: 'GET', url: '/logos/current/faviconLogo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/kind/);
  });

  it('gives a new URL to each upload of the same kind and drops the replaced file', async () => {
    const first = (await upload(admin.token, [key('moreLogoDark'), file(PNG)])).body.data.logo as string;
    const second = (await upload(admin.token, [key('moreLogoDark'), file(PNG)])).body.data.logo as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
  });

  it('refuses an executable and an HTML page named .png', async () => {
    for (const bytes of [ELF, HTML]) {
      const res = await upload(admin.token, [key('squareLogo'), file(bytes, 'logo.png', 'image/png')]);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'Allowed formats: png, gif, jpeg, svg' });
    }
  });

  it('refuses an SVG that could run script or load something else, and keeps the logo it had', async () => {
    const before = (await settings()).squareLogo;
    const svg = (inner: string, attrs = '') =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`);
    for (const bad of [
      svg('<script>alert(1)</script>'),
      svg('<rect/>', ' onload="alert(1)"'),
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      svg('<foreignObject><iframe src="https://x"/></foreignObject>'),
      svg('<image href="https://tracker.example/p.png"/>'),
      svg('<use xlink:href="https://example.org/sprite.svg#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
      svg('<style>@import url(https://x/y.css);</style>'),
      svg('<set attributeName="href" to="javascript:alert(1)"/>'),
      Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'),
    ]) {
      const res = await upload(admin.token, [key('squareLogo'), file(bad, 'logo.svg', 'image/svg+xml')]);
      expect(res.status, bad.toString()).toBe(415);
      expect(res.body.code, bad.toString()).toMatch(/UNSAFE_SVG|UNSUPPORTED_FILE/);
    }
    const fr = await upload(admin.token, [key('squareLogo'), file(svg('<script/>'), 'l.svg', 'image/svg+xml')], 'fr');
    expect(fr.body.message).toBe(
      'Ce fichier SVG contient des scripts ou des références externes et ne peut pas être utilisé.',
    );
    expect((await settings()).squareLogo).toBe(before);
  });

  it('refuses 10,485,760 bytes with the translated too-large message, and takes one byte less', async () => {
    const big = Buffer.alloc(LIMITS.logoMaxBytes, 0);
    PNG.copy(big);
    const en = await upload(admin.token, [key('squareLogo'), file(big)]);
    expect(en.status).toBe(413);
    expect(en.body).toEqual({ code: 'FILE_TOO_LARGE', message: 'The maximum file size allowed for uploads is 10MB' });
    const fr = await upload(admin.token, [key('squareLogo'), file(big)], 'fr');
    expect(fr.body.message).toBe('La taille maximale autorisée pour un fichier est de 10 Mo');
    expect(
      (await upload(admin.token, [key('squareLogo'), file(big.subarray(0, LIMITS.logoMaxBytes - 1))])).status,
    ).toBe(200);
  }, 30_000);

  it('names a missing or unknown key and a missing file', async () => {
    expect((await upload(admin.token, [file(PNG)])).body.message).toBe('key: Required');
    expect((await upload(admin.token, [key('favicon'), file(PNG)])).body.message).toMatch(/^key: must be one of /);
    const none = await upload(admin.token, [key('squareLogo')]);
    expect(none).toMatchObject({ status: 400, body: { message: 'file: Required' } });
  });

  it('writes a user log entry for each change', async () => {
    const rows = await t.app.db
      .selectFrom('audit_logs')
      .select('details')
      .where('user_id', '=', admin.userId)
      .where('event', '=', 'logo changed')
      .execute();
    const kinds = rows.map((r) => JSON.parse(r.details!).kind);
    expect(kinds).toEqual(expect.arrayContaining(['recentLogo', 'moreLogo', 'aboutUsHeader', 'whiteLogoBig']));
  });
});
