import { SERVER_EVENTS } from '@rounds/contracts/events';
import type {
  TAppSettings,
  TAppSettingWrite,
  TBannerMessage,
  TLocalizedText,
  TPasswordUpdate,
} from '@rounds/contracts/settings';
import type { Db } from '../../db/database';
import type { Publish } from '../../realtime/publish';
import { type AuditEvent, writeAudit } from '../audit/audit.service';
import { publishLogsChanged } from '../audit/logs-changed';
import { sanitizeRichText } from './html-sanitizer';
import { askDueUsers } from './password-policy';
import { readSettings, toAppSettings, writeSetting } from './settings.service';

/** What a settings change uses: the database and the publisher that tells every app. */
export type SettingsDeps = { db: Db; publish: Publish };

/** Who changes a setting, for the user log. */
export type SettingsActor = { userId: string; ip: string };

/**
 * Every administration setting change goes through here: the write and its user log entry in one transaction,
 * then, after commit, every signed-in app gets the new settings (AppSettingsChanged: logos, texts, banner show
 * at once) and open User logs pages reload (LogsChanged).
 */
export async function changeSettings(
  deps: SettingsDeps,
  actor: SettingsActor,
  audit: { event: AuditEvent; details: Record<string, unknown> },
  write: (trx: Db) => Promise<void>,
): Promise<TAppSettings> {
  await deps.db.transaction().execute(async (trx) => {
    await write(trx);
    await writeAudit(trx, { userId: actor.userId, event: audit.event, ip: actor.ip, details: audit.details });
  });
  const appSettings = toAppSettings(await readSettings(deps.db));
  deps.publish(SERVER_EVENTS.AppSettingsChanged, { appSettings }, { all: true });
  await publishLogsChanged(deps);
  return appSettings;
}

/** POST /setting/about-texts: both texts in both languages, cleaned of anything but rich text. */
export async function updateAboutTexts(
  deps: SettingsDeps,
  actor: SettingsActor,
  input: { aboutUsText: TLocalizedText; informationText: TLocalizedText },
): Promise<TAppSettings> {
  const clean = (t: TLocalizedText): TLocalizedText => ({ en: sanitizeRichText(t.en), fr: sanitizeRichText(t.fr) });
  const aboutUsText = clean(input.aboutUsText);
  const informationText = clean(input.informationText);
  return changeSettings(deps, actor, { event: 'about texts changed', details: {} }, async (trx) => {
    await writeSetting(trx, 'aboutUsText', aboutUsText);
    await writeSetting(trx, 'informationText', informationText);
  });
}

/** POST /setting/banner-message. */
export async function updateBanner(
  deps: SettingsDeps,
  actor: SettingsActor,
  banner: TBannerMessage,
): Promise<TAppSettings> {
  return changeSettings(deps, actor, { event: 'banner changed', details: { show: banner.show } }, (trx) =>
    writeSetting(trx, 'bannerMessage', banner),
  );
}

/**
 * POST /setting/password-policy. Users now due are asked at once (ForcePasswordUpdate); the others when their
 * password falls due, on their next connection.
 */
export async function updatePasswordPolicy(
  deps: SettingsDeps,
  actor: SettingsActor,
  input: Pick<TPasswordUpdate, 'active' | 'frequency' | 'period'>,
): Promise<TAppSettings> {
  const before = (await readSettings(deps.db)).passwordUpdate;
  const changed =
    before.active !== input.active || before.frequency !== input.frequency || before.period !== input.period;
  const policy: TPasswordUpdate = {
    active: input.active,
    frequency: input.frequency,
    period: input.period,
    lastUpdate: changed ? Date.now() : before.lastUpdate,
    changed: changed || before.changed,
  };
  const appSettings = await changeSettings(
    deps,
    actor,
    {
      event: 'password policy changed',
      details: { active: policy.active, frequency: policy.frequency, period: policy.period },
    },
    (trx) => writeSetting(trx, 'passwordUpdate', policy),
  );
  await askDueUsers(deps, policy);
  return appSettings;
}

/** POST /setting {key, value}: the default session timeout (minutes), the quick lock's, or self-registration. */
export async function writeAppSetting(
  deps: SettingsDeps,
  actor: SettingsActor,
  input: TAppSettingWrite,
): Promise<TAppSettings> {
  const { key, value: given } = input;
  // The timeouts arrive as minutes; self-registration as a boolean or its text.
  const value = key === 'isSelfRegistrationEnabled' ? given === true || given === 'true' : given;
  return changeSettings(deps, actor, { event: 'app setting changed', details: { key, value } }, (trx) =>
    writeSetting(trx, key, value),
  );
}
