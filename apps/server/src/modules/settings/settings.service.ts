import { LOGOS_PATH } from '@rounds/contracts/limits';
import { CALLING_CODES, type TAppSettings } from '@rounds/contracts/settings';
import type { Db, Engine } from '../../db/database';
import { DEFAULT_SETTINGS, type StoredSettings } from './default-settings';
import { insertMissingSettings, lockSettingRow, settingRows, upsertSetting } from './settings.store';

type Key = keyof StoredSettings;

/** Stored settings, one JSON value per key; a missing or unreadable key falls back to its default. */
export async function readSettings(db: Db): Promise<StoredSettings> {
  return parseSettings(await settingRows(db));
}

/**
 * One setting, reading only its row: for paths that run often (every socket connection) and must not parse the
 * whole table, about texts and all.
 */
export async function readSetting<K extends Key>(db: Db, key: K): Promise<StoredSettings[K]> {
  return parseSettings(await settingRows(db, key))[key];
}

/** Holds the row of `key` until the transaction ends, on PostgreSQL (SQLite writes one transaction at a time). */
export async function lockSetting(trx: Db, engine: Engine, key: Key): Promise<void> {
  await lockSettingRow(trx, engine, key);
}

function parseSettings(rows: { key: string; value: string }[]): StoredSettings {
  const stored: Partial<Record<Key, unknown>> = {};
  for (const row of rows) {
    if (row.key in DEFAULT_SETTINGS) {
      try {
        stored[row.key as Key] = JSON.parse(row.value);
      } catch {
        // a hand-edited row that is not JSON: keep the default rather than fail every page
      }
    }
  }
  return { ...DEFAULT_SETTINGS, ...stored } as StoredSettings;
}

export async function writeSetting<K extends Key>(db: Db, key: K, value: StoredSettings[K]): Promise<void> {
  const row = { key, value: JSON.stringify(value), updated_at: Date.now() };
  await upsertSetting(db, row);
}

/** Store every default that is not stored yet, so the admin area edits real rows. */
export async function ensureDefaultSettings(db: Db, overrides: Partial<StoredSettings> = {}): Promise<void> {
  const now = Date.now();
  const values = (Object.keys(DEFAULT_SETTINGS) as Key[]).map((key) => ({
    key,
    value: JSON.stringify(DEFAULT_SETTINGS[key]),
    updated_at: now,
  }));
  await insertMissingSettings(db, values);
  for (const [key, value] of Object.entries(overrides) as [Key, never][]) {
    await writeSetting(db, key, value);
  }
}

/** The address a logo file is served at (GET /logos/:file). */
export const logoPath = (file: string): string => `${LOGOS_PATH}/${encodeURIComponent(file)}`;

/**
 * Whether people may register themselves: the Admin's setting, and not while single sign-on is the only way in
 * (an account made by registering could not sign in; the hospital's directory makes accounts then).
 */
export function registrationOpen(s: StoredSettings, ssoConfigured: boolean): boolean {
  return s.isSelfRegistrationEnabled && !(ssoConfigured && s.ssoOnly);
}

export function toAppSettings(s: StoredSettings): TAppSettings {
  return {
    whiteLogoBig: logoPath(s.logos.whiteLogoBig),
    squareLogo: logoPath(s.logos.squareLogo),
    squareLogoDark: logoPath(s.logos.squareLogoDark),
    recentLogo: logoPath(s.logos.recentLogo),
    recentLogoDark: logoPath(s.logos.recentLogoDark),
    moreLogo: logoPath(s.logos.moreLogo),
    moreLogoDark: logoPath(s.logos.moreLogoDark),
    aboutUsHeader: logoPath(s.logos.aboutUsHeader),
    aboutUsText: s.aboutUsText,
    informationText: s.informationText,
    bannerMessage: s.bannerMessage,
    passwordUpdate: s.passwordUpdate,
    isSelfRegistrationEnabled: s.isSelfRegistrationEnabled,
    sessionTimeout: s.sessionTimeout,
    quickLockMinutes: s.quickLockMinutes,
    callingCodes: CALLING_CODES.map((c) => ({ ...c })),
  };
}
