import {
  adminSettingRoutes,
  publicSettingRoutes,
  ZAppSettingsReply,
  ZCallingCodesReply,
} from '@rounds/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('public settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the nine calling codes, United States first, without credentials', async () => {
    const res = await callRoute(t.app, publicSettingRoutes.callingCodes, {});
    expect(res.statusCode).toBe(200);
    const body = ZCallingCodesReply.parse(res.json());
    expect(body.data.data.map((c) => c.code)).toEqual([
      '+1',
      '+7',
      '+47',
      '+61',
      '+64',
      '+212',
      '+262',
      '+590',
      '+599',
    ]);
    expect(body.data.data[0]).toEqual({ code: '+1', country: 'United States', region: 'US' });
  });

  it('says self-registration is on by default, as a string', async () => {
    const res = await callRoute(t.app, publicSettingRoutes.selfRegistration, {});
    expect(res.json()).toEqual({ isSelfRegistrationEnabled: 'true' });
  });

  it('serves app settings from defaults stored in the database', async () => {
    const rows = await t.app.db.selectFrom('settings').select('key').execute();
    expect(rows.map((r) => r.key).sort()).toEqual(
      [
        'aboutUsText',
        'bannerMessage',
        'informationText',
        'isSelfRegistrationEnabled',
        'logos',
        'mfaPolicy',
        'passwordUpdate',
        'pushContentLevel',
        'quickLockMinutes',
        'sessionTimeout',
        'ssoOnly',
      ].sort(),
    );
    const res = await callRoute(t.app, adminSettingRoutes.appSettings, {});
    expect(res.statusCode).toBe(200);
    const { appSettings } = ZAppSettingsReply.parse(res.json());
    expect(appSettings.squareLogo).toBe('/logos/square-logo.svg');
    expect(appSettings.aboutUsText.en).toContain('Rounds');
    expect(appSettings.aboutUsText.fr).toContain('Rounds');
    expect(appSettings.passwordUpdate).toMatchObject({ frequency: 90, period: 'day', active: false });
    expect(appSettings.bannerMessage).toEqual({ text_en: '', text_fr: '', show: false });
  });

  it('reflects a changed stored value (what the admin area will write)', async () => {
    await t.app.db
      .updateTable('settings')
      .set({
        value: JSON.stringify({ text_en: 'Fire drill at 3 pm', text_fr: 'Exercice incendie à 15 h', show: true }),
      })
      .where('key', '=', 'bannerMessage')
      .execute();
    const res = await callRoute(t.app, adminSettingRoutes.appSettings, {});
    expect(res.json().appSettings.bannerMessage.text_fr).toBe('Exercice incendie à 15 h');
  });

  it('serves logo files with a sandboxing policy and nosniff', async () => {
    for (const logo of ['square-logo.svg', 'square-logo-dark.svg', 'recent-logo.svg', 'about-us-header.svg']) {
      const res = await t.app.inject({ method: 'GET', url: `/logos/${logo}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    }
  });

  it('refuses logo paths outside the logos (uploaded logos: admin-settings.test.ts)', async () => {
    for (const bad of [
      '/logos/logo-0123456789abcdef01234567.png',
      '/logos/..%2Fsecrets.json',
      '/logos/secrets.json',
      '/logos/missing.svg',
      '/logos/%2e%2e%2fx.svg',
    ]) {
      const r = await t.app.inject({ method: 'GET', url: bad });
      expect(r.statusCode, bad).toBe(404);
      expect(r.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('SELF_REGISTRATION at start', () => {
  it('turns self-registration off when false', async () => {
    const t = await createTestApp({ SELF_REGISTRATION: 'false' });
    try {
      const res = await callRoute(t.app, publicSettingRoutes.selfRegistration, {});
      expect(res.json()).toEqual({ isSelfRegistrationEnabled: 'false' });
      expect((await callRoute(t.app, adminSettingRoutes.appSettings, {})).json().appSettings).toMatchObject({
        isSelfRegistrationEnabled: false,
      });
    } finally {
      await t.close();
    }
  });
});
