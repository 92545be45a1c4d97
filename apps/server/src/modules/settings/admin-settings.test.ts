import { accountRoutes, ZUserReply } from '@rounds/contracts/account';
import type { TApiRoute, TBodyIn, TReplyOf } from '@rounds/contracts/api-route';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import {
  adminSettingRoutes,
  publicSettingRoutes,
  ZAppSettingsReply,
  ZSettingsMessageReply,
} from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKit, next } from '../../../test/support/admin-kit';
import { callRoute, type TErrorBody, type TRouteInput, unchecked } from '../../../test/support/call-route';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { createUser, login } from '../../../test/support/users';

let t: TestApp;
const tokens: Record<'admin' | 'fa' | 'regular', string> = { admin: '', fa: '', regular: '' };
const ids: Record<'admin' | 'fa' | 'regular', string> = { admin: '', fa: '', regular: '' };

/** The sockets of this file's users (test/support/admin-kit.ts), opened once the app listens. */
let kit: ReturnType<typeof adminKit>;
const open = (token: string) => kit.open(token);

async function post<R extends TApiRoute>(token: string | null, route: R, body: TBodyIn<R>, lang = 'en') {
  const res = await callRoute(t.app, route, {
    body,
    ...(token ? { token } : {}),
    headers: { 'accept-language': lang },
  } as unknown as TRouteInput<R>);
  return { status: res.statusCode, body: res.json() as TReplyOf<R> & Partial<TErrorBody> };
}

async function appSettings() {
  const res = await callRoute(t.app, adminSettingRoutes.appSettings, {});
  return ZAppSettingsReply.parse(res.json()).appSettings;
}

async function auditOf(userId: string, event: string) {
  return t.app.db
    .selectFrom('audit_logs')
    .select(['event', 'details', 'ip'])
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .execute();
}

const BANNER = { text_en: 'Fire drill at 3 pm', text_fr: 'Exercice incendie à 15 h', show: true };
const TEXTS = {
  aboutUsText: { en: '<p>About</p>', fr: '<p>À propos</p>' },
  informationText: { en: '<p>i</p>', fr: '' },
};
const POLICY = { passwordUpdate: { active: false, frequency: 30, period: 'week' as const } };

beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
  kit = adminKit(t);
  const admin = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  tokens.admin = admin.token;
  ids.admin = admin.userId;
  for (const role of ['fa', 'regular'] as const) {
    const u = await createUser(t.app, { role: role === 'fa' ? 'FacilityAdmin' : 'Regular' });
    tokens[role] = (await login(t.app, u.email)).token;
    ids[role] = u.id;
  }
});
afterAll(async () => {
  kit.closeSockets();
  await t.close();
});

describe('who may change the administration settings', () => {
  const cases = [
    [adminSettingRoutes.aboutTexts, TEXTS, ['admin']],
    [adminSettingRoutes.banner, BANNER, ['admin', 'fa']],
    [adminSettingRoutes.passwordPolicy, POLICY, ['admin']],
    [adminSettingRoutes.write, { key: 'sessionTimeout', value: 45 }, ['admin']],
  ] as const;

  for (const [route, body, allowed] of cases) {
    it(`POST ${route.path}: ${allowed.join(' and ')} only`, async () => {
      expect((await post(null, route, body)).status).toBe(401);
      for (const role of ['admin', 'fa', 'regular'] as const) {
        const res = await post(tokens[role], route, body);
        expect(res.status, role).toBe((allowed as readonly string[]).includes(role) ? 200 : 403);
        if (res.status === 403) expect(res.body.code).toBe('FORBIDDEN');
      }
    });
  }

  it('keeps POST /setting without a key for everyone’s own preferences', async () => {
    const res = await post(tokens.regular, adminSettingRoutes.write, { language: 'fr' });
    expect(res.status).toBe(200);
    expect(ZUserReply.parse(res.body).user.language).toBe('fr');
    expect((await post(tokens.regular, adminSettingRoutes.write, { language: 'en' })).status).toBe(200);
    expect((await post(tokens.regular, adminSettingRoutes.write, { language: 'de' })).body.message).toMatch(
      /^language: /,
    );
  });
});

describe('about texts', () => {
  it('stores the HTML per language, cleaned of script, event handlers and javascript: links', async () => {
    const dirty = {
      aboutUsText: {
        en: '<h2>About</h2><p onclick="steal()">Hello<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">bad</a><a href="https://example.org" target="_blank">good</a><iframe src="https://x"></iframe><style>p{}</style>',
        fr: '<p>Bonjour <strong>à tous</strong></p><a href="mailto:it@hospital.org">IT</a><ul><li>un</li></ul>',
      },
      informationText: {
        en: '<p style="color:red">Info</p><svg onload="x()"></svg>',
        fr: '<blockquote>Note</blockquote>',
      },
    };
    const res = await post(tokens.admin, adminSettingRoutes.aboutTexts, dirty);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Texts updated successfully');
    const s = await appSettings();
    expect(s.aboutUsText.en).toBe(
      '<h2>About</h2><p>Hello</p><a>bad</a><a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(s.aboutUsText.fr).toBe(dirty.aboutUsText.fr);
    expect(s.informationText).toEqual({ en: '<p>Info</p>', fr: '<blockquote>Note</blockquote>' });
    const stored = await t.app.db.selectFrom('settings').select('value').where('key', '=', 'aboutUsText').execute();
    expect(stored[0]!.value).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
    expect(ZSettingsMessageReply.parse(res.body).appSettings.aboutUsText).toEqual(s.aboutUsText);
    expect((await auditOf(ids.admin, 'about texts changed')).length).toBeGreaterThan(0);
  });

  it('names a missing field', async () => {
    const res = await post(tokens.admin, adminSettingRoutes.aboutTexts, unchecked({ aboutUsText: { en: '' } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^aboutUsText\.fr: /);
  });
});

describe('banner', () => {
  it('refuses 501 characters naming the field, in the reader’s language, and takes 500', async () => {
    const long = { ...BANNER, text_fr: 'x'.repeat(501) };
    const en = await post(tokens.fa, adminSettingRoutes.banner, long);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('text_fr: The banner text must be at most 500 characters');
    const fr = await post(
      tokens.fa,
      adminSettingRoutes.banner,
      { ...long, text_fr: 'a', text_en: 'é'.repeat(501) },
      'fr',
    );
    expect(fr.body.message).toBe('text_en: Le texte de la bannière doit contenir au plus 500 caractères');
    const ok = await post(tokens.fa, adminSettingRoutes.banner, { ...BANNER, text_en: 'y'.repeat(500) });
    expect(ok.status).toBe(200);
    expect((await appSettings()).bannerMessage.text_en).toHaveLength(500);
    expect(
      (await post(tokens.fa, adminSettingRoutes.banner, unchecked({ text_en: '', text_fr: '' }))).body.message,
    ).toMatch(/^show: /);
  });

  it('reaches a signed-in Regular user’s open app at once, and open User logs pages reload', async () => {
    const regular = await open(tokens.regular);
    const admin = await open(tokens.admin);
    const changed = next<{ appSettings: { bannerMessage: unknown } }>(regular, SERVER_EVENTS.AppSettingsChanged);
    const logs = next(admin, SERVER_EVENTS.LogsChanged);
    const res = await post(tokens.fa, adminSettingRoutes.banner, BANNER);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Banner message updated successfully');
    expect((await changed).appSettings.bannerMessage).toEqual(BANNER);
    await logs;
    expect((await appSettings()).bannerMessage).toEqual(BANNER);
  }, 15_000);

  it('writes a user log entry for the one who changed it', async () => {
    const entries = await auditOf(ids.fa, 'banner changed');
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.parse(entries.at(-1)!.details!)).toEqual({ show: true });
  });
});

describe('password policy', () => {
  it('stores active, frequency and period, with the spec’s message in en and fr', async () => {
    const res = await post(tokens.admin, adminSettingRoutes.passwordPolicy, {
      passwordUpdate: { active: true, frequency: '120', period: 'month' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password update policy updated successfully');
    const policy = (await appSettings()).passwordUpdate;
    expect(policy).toMatchObject({ active: true, frequency: 120, period: 'month', changed: true });
    expect(policy.lastUpdate).toBeGreaterThan(Date.now() - 60_000);
    const fr = await post(tokens.admin, adminSettingRoutes.passwordPolicy, POLICY, 'fr');
    expect(fr.body.message).toBe('Politique de mise à jour des mots de passe mise à jour');
    expect((await appSettings()).passwordUpdate).toMatchObject({ active: false, frequency: 30, period: 'week' });
    expect((await auditOf(ids.admin, 'password policy changed')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a frequency over 999 or a period it does not know, naming the field', async () => {
    const high = await post(tokens.admin, adminSettingRoutes.passwordPolicy, {
      passwordUpdate: { ...POLICY.passwordUpdate, frequency: 1000 },
    });
    expect(high.status).toBe(400);
    expect(high.body.message).toMatch(/^passwordUpdate\.frequency: /);
    const period = await post(tokens.admin, adminSettingRoutes.passwordPolicy, {
      passwordUpdate: { ...POLICY.passwordUpdate, period: unchecked('hour') },
    });
    expect(period.body.message).toMatch(/^passwordUpdate\.period: /);
  });
});

describe('POST /setting {key, value}', () => {
  it('sets the default session timeout, which GET /setting and app-settings report', async () => {
    const res = await post(tokens.admin, adminSettingRoutes.write, { key: 'sessionTimeout', value: '90' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Setting updated successfully');
    expect(ZSettingsMessageReply.parse(res.body).appSettings.sessionTimeout).toBe(90);
    const list = await callRoute(t.app, accountRoutes.settings, { token: tokens.regular });
    expect(list.json().data).toContainEqual({ key: 'sessionTimeout', value: 90 });
    const entries = await auditOf(ids.admin, 'app setting changed');
    expect(JSON.parse(entries.at(-1)!.details!)).toEqual({ key: 'sessionTimeout', value: 90 });
  });

  it('answers with the spec’s messages for a bad timeout', async () => {
    const cases: [unknown, string][] = [
      ['abc', 'Input value should be a number.'],
      [adminSettingRoutes.write, 'Input value should be a number.'],
      [1.5, 'Input value should be a number.'],
      [-1, 'Input value should not be less than 0.'],
      [100_001, 'Input value should not be greater than 100000.'],
    ];
    for (const [value, message] of cases) {
      const res = await post(tokens.admin, adminSettingRoutes.write, { key: 'sessionTimeout', value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.message).toBe(`value: ${message}`);
    }
    const fr = await post(tokens.admin, adminSettingRoutes.write, { key: 'sessionTimeout', value: 100_001 }, 'fr');
    expect(fr.body.message).toBe('value: La valeur saisie ne doit pas être supérieure à 100000.');
    expect((await post(tokens.admin, adminSettingRoutes.write, { key: 'sessionTimeout', value: 100_000 })).status).toBe(
      200,
    );
    expect((await post(tokens.admin, adminSettingRoutes.write, { key: 'theme', value: 1 })).body.message).toMatch(
      /^key: /,
    );
  });

  it('turns self-registration off and on', async () => {
    expect(
      (await post(tokens.admin, adminSettingRoutes.write, { key: 'isSelfRegistrationEnabled', value: false })).status,
    ).toBe(200);
    const off = await callRoute(t.app, publicSettingRoutes.selfRegistration, {});
    expect(off.json()).toEqual({ isSelfRegistrationEnabled: 'false' });
    expect(
      (await post(tokens.admin, adminSettingRoutes.write, { key: 'isSelfRegistrationEnabled', value: 'true' })).status,
    ).toBe(200);
    expect((await appSettings()).isSelfRegistrationEnabled).toBe(true);
  });
});
