/**
 * Table types. Portable across SQLite and PostgreSQL: times are UTC epoch milliseconds (bigint),
 * booleans are 0/1 integers, structured values are JSON text.
 */
export type UsersTable = {
  id: string;
  email: string;
  unverified_email: string | null;
  phone: string | null;
  phone_country_code: string | null;
  phone_country_name: string | null;
  unverified_phone: string | null;
  unverified_phone_country_code: string | null;
  unverified_phone_country_name: string | null;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: 'Regular' | 'FacilityAdmin' | 'Admin';
  active: number;
  deleted: number;
  email_verified: number;
  phone_verified: number;
  language: string;
  theme: string;
  play_notification_sound: number;
  session_timeout: number | null;
  profession_id: string | null;
  suffix_id: string | null;
  avatar: string | null;
  /** JSON: { voice, video, sms, delSms, speechToText } with explicit false meaning off. */
  permissions: string;
  chat_status: number;
  chat_status_manual: number;
  last_login_at: number | null;
  password_changed_at: number;
  created_at: number;
  updated_at: number;
};

export type ReferenceTable = {
  id: string;
  name: string;
  /** Lowercased name: names are unique per kind, case-insensitively. */
  name_key: string;
  created_at: number;
};

export type UserLinkTable = { user_id: string; item_id: string };

export type SettingsTable = { key: string; value: string; updated_at: number };

export type AuditLogsTable = {
  id: string;
  user_id: string | null;
  event: string;
  ip: string | null;
  details: string | null;
  created_at: number;
};

export type OutboxTable = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  created_at: number;
};

export type Database = {
  users: UsersTable;
  facilities: ReferenceTable;
  departments: ReferenceTable;
  professions: ReferenceTable;
  specialties: ReferenceTable;
  suffixes: ReferenceTable;
  user_facilities: UserLinkTable;
  user_departments: UserLinkTable;
  user_specialties: UserLinkTable;
  settings: SettingsTable;
  audit_logs: AuditLogsTable;
  outbox: OutboxTable;
};
