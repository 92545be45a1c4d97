import { toLanguage } from '@rounds/contracts/common';
import { compareNames } from '@rounds/contracts/names';
import type { TChatStatus, TUser } from '@rounds/contracts/user';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { type ClassificationLink, itemsByIds, type LinkedTable, linkedItems, readUser } from './users.store';

type UserRow = Selectable<UsersTable>;
type Named = { id: string; name: string };
export type UserLinks = {
  facilities: Named[];
  departments: Named[];
  professions: Named[];
  specialties: Named[];
  suffixes: Named[];
};

/** Loads the classification names of several users in five queries, whatever their number. */
export async function loadUserLinks(db: Kysely<Database>, rows: UserRow[]): Promise<Map<string, UserLinks>> {
  const ids = rows.map((r) => r.id);
  const result = new Map<string, UserLinks>(
    ids.map((id) => [id, { facilities: [], departments: [], professions: [], specialties: [], suffixes: [] }]),
  );
  if (ids.length === 0) return result;
  const many = async (link: ClassificationLink, table: LinkedTable, key: keyof UserLinks) => {
    const linked = await linkedItems(db, link, table, ids);
    linked.sort((a, b) => compareNames(a.name, b.name));
    for (const l of linked) result.get(l.userId)?.[key].push({ id: l.id, name: l.name });
  };
  const single = async (
    table: 'professions' | 'suffixes',
    column: 'profession_id' | 'suffix_id',
    key: keyof UserLinks,
  ) => {
    const wanted = [...new Set(rows.map((r) => r[column]).filter((v): v is string => !!v))];
    if (wanted.length === 0) return;
    const items = await itemsByIds(db, table, wanted);
    const byId = new Map(items.map((i) => [i.id, i]));
    for (const r of rows) {
      const item = r[column] ? byId.get(r[column]) : undefined;
      if (item) result.get(r.id)?.[key].push({ id: item.id, name: item.name });
    }
  };
  await many('user_facilities', 'facilities', 'facilities');
  await many('user_departments', 'departments', 'departments');
  await many('user_specialties', 'specialties', 'specialties');
  await single('professions', 'profession_id', 'professions');
  await single('suffixes', 'suffix_id', 'suffixes');
  return result;
}

export function parsePermissions(raw: string): TUser['permissions'] {
  try {
    const p = JSON.parse(raw) as Record<string, unknown>;
    const out: TUser['permissions'] = {};
    for (const k of ['voice', 'video', 'sms', 'delSms', 'speechToText'] as const) {
      if (typeof p[k] === 'boolean') out[k] = p[k];
    }
    return out;
  } catch {
    return {};
  }
}

export function toUserDto(
  row: UserRow,
  links: UserLinks,
  o: { connected?: boolean; defaultSessionTimeout?: number } = {},
): TUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    unverifiedEmail: row.unverified_email,
    phone: row.phone,
    phoneCountryCode: row.phone_country_code,
    phoneCountryName: row.phone_country_name,
    unverifiedPhone: row.unverified_phone,
    unverifiedPhoneCountryCode: row.unverified_phone_country_code,
    unverifiedPhoneCountryName: row.unverified_phone_country_name,
    avatar: row.avatar ? { path: row.avatar, isGenerated: false } : null,
    role: row.role,
    active: row.active === 1,
    deleted: row.deleted === 1,
    language: toLanguage(row.language),
    sessionTimeout: row.session_timeout ?? o.defaultSessionTimeout ?? null,
    isDefaultSessionTimeout: row.session_timeout === null,
    facilityId: links.facilities.map((i) => i.id),
    departmentId: links.departments.map((i) => i.id),
    professionId: links.professions.map((i) => i.id),
    specialtyId: links.specialties.map((i) => i.id),
    suffixId: links.suffixes.map((i) => i.id),
    facilities: links.facilities,
    departments: links.departments,
    professions: links.professions,
    specialties: links.specialties,
    suffixes: links.suffixes,
    emailVerified: row.email_verified === 1,
    phoneVerified: row.phone_verified === 1,
    lastLoginDate: row.last_login_at,
    chatStatus: (o.connected === false ? 4 : row.chat_status) as TChatStatus,
    connected: o.connected ?? false,
    settings: {
      theme: row.theme === 'dark' ? 'dark' : 'light',
      playNotificationSound: row.play_notification_sound === 1,
    },
    permissions: parsePermissions(row.permissions),
  };
}

/**
 * One user as replies carry them, with the hospital's default session timeout (a setting: the caller reads it,
 * since users sit below settings in the stack of folders).
 */
export async function loadUserDto(
  db: Kysely<Database>,
  userId: string,
  defaultSessionTimeout: number,
): Promise<TUser | null> {
  const row = await readUser(db, userId);
  if (!row) return null;
  const links = await loadUserLinks(db, [row]);
  return toUserDto(row, links.get(row.id)!, { connected: true, defaultSessionTimeout });
}
