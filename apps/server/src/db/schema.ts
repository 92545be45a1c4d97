import type { Generated } from 'kysely';

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
  /** lower(first last last first email), kept by every write of those fields (lib/search-key.ts). */
  search_key: string;
  failed_logins: Generated<number>;
  locked_until: Generated<number | null>;
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

/** An SMS or email owed after a commit (migration 0009). */
export type NotificationJobsTable = {
  id: string;
  /** push: one Web Push to one subscription (recipient); push-fanout: who is pushed for stored messages. */
  kind: 'sms' | 'email' | 'push' | 'push-fanout';
  recipient: string;
  subject: string | null;
  text: string;
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  created_at: number;
};

export type SessionsTable = {
  id: string;
  user_id: string;
  remember: number;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  /** When the session last renewed its access token (null before migration 0017: its sign-in stands in). */
  last_seen_at: number | null;
  last_ip: string | null;
  /** Wrong unlock PINs or passwords in a row on this session (issue 26): the fifth ends it. */
  failed_unlocks: Generated<number>;
};

export type UnlockPinsTable = {
  user_id: string;
  pin_hash: string;
  updated_at: number;
};

export type RefreshTokensTable = {
  id: string;
  session_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type CodePurpose =
  | 'verify-email'
  | 'verify-phone'
  | 'reset-password'
  | 'set-password'
  | 'update-phone'
  | 'update-email';

export type VerificationCodesTable = {
  id: string;
  user_id: string;
  purpose: CodePurpose;
  target: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type LoginThrottleTable = {
  /** `account:<email>`, `ip:<address>` or `pair:<address>|<email>`. */
  key: string;
  failures: number;
  window_until: number;
  blocked_until: number | null;
};

/** A second factor (issue 26): an authenticator app's seed, sealed with the server's key. */
export type MfaFactorsTable = {
  id: string;
  user_id: string;
  kind: 'totp' | 'passkey';
  label: string;
  /** A TOTP seed sealed with the server's key; empty for a passkey (its secret never leaves the device). */
  secret_sealed: string;
  created_at: number;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: number | null;
  last_used_at: number | null;
  /** Passkeys only: the credential's id (base64url), its COSE public key (base64url), counter, transports (JSON). */
  credential_id: string | null;
  public_key: string | null;
  sign_count: number | null;
  transports: string | null;
};
/** A WebAuthn ceremony's challenge: single-use, short-lived, found by the handle the browser holds. */
export type WebauthnChallengesTable = {
  id: string;
  purpose: 'register' | 'second-factor' | 'sign-in';
  user_id: string | null;
  challenge: string;
  expires_at: number;
};
export type MfaRecoveryCodesTable = {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
};

export type CodeSendsTable = { id: string; target: string; ip: string | null; created_at: number };

export type SavedFiltersTable = { id: string; user_id: string; name: string; params: string; created_at: number };
export type PresenceTable = { socket_id: string; user_id: string; server_id: string; connected_at: number };
export type ServersTable = { id: string; heartbeat_at: number };

export type CountersTable = { name: string; value: number };
export type DirectoryChangesTable = { version: number; user_id: string | null };

export type RoomsTable = {
  id: string;
  type: 'direct' | 'group';
  name: string | null;
  name_key: string | null;
  direct_key: string | null;
  owner_id: string | null;
  archived_by: string | null;
  last_seq: number;
  last_message_id: string | null;
  last_message_at: number | null;
  /** Messages before this time were removed by retention (issue 27); null while none was. */
  retained_from: Generated<number | null>;
  /** The duty role this room speaks for (issue 25); null for ordinary direct and group rooms. */
  duty_role_id: Generated<string | null>;
  created_at: number;
  updated_at: number;
};
export type RoomMembersTable = {
  room_id: string;
  user_id: string;
  joined_at: number;
  is_favorite: number;
  muted: number;
  last_read_seq: number;
  unread_count: number;
  /** Highest seq this member's devices have received (migration 0017). */
  delivered_seq: Generated<number>;
  /** In a duty role's room (issue 25): 'holder' (holds it now) or 'sender' (opened it); null elsewhere. */
  role_seat: Generated<'holder' | 'sender' | null>;
};
export type MessagesTable = {
  id: string;
  room_id: string;
  seq: number;
  client_id: string;
  author_id: string | null;
  /** Encrypted (lib/message-crypto.ts). */
  body: string;
  /** JSON of the message attributes. */
  attributes: string;
  removed: number;
  /** 1: removed by its sender while on legal hold: hidden, body and files kept until the hold ends. */
  removal_pending: Generated<number>;
  created_at: number;
  /** JSON { files, voice } of a message with attachments; null otherwise. */
  media: string | null;
  /** The duty role a holder wrote as (issue 25), its name at send time; null otherwise. */
  as_role: Generated<string | null>;
};
export type UploadsTable = {
  key: string;
  uploader_id: string;
  kind: 'image' | 'voice';
  name: string;
  type: string;
  size: number;
  room_id: string | null;
  message_id: string | null;
  thumb_key: string | null;
  created_at: number;
};
/** The blind index of message search: keyed hashes of word beginnings (modules/search; migration 0014). */
export type MessageTermsTable = { term: string; room_id: string; message_id: string };
export type MessageLogsTable = { id: string; message_id: string; room_id: string; created_at: number };
export type AcknowledgementsTable = { message_id: string; user_id: string; acknowledged_at: number };
export type EscalationsTable = { message_id: string; due_at: number; done_at: number | null };
export type SmsSendsTable = {
  id: string;
  kind: 'priority' | 'reminder' | 'account';
  sender_id: string | null;
  recipient_id: string | null;
  message_id: string | null;
  status: 'sent' | 'refused';
  reason: string | null;
  created_at: number;
};
export type SmsCountersTable = { key: string; count: number; expires_at: number };
export type MessageReadsTable = { room_id: string; user_id: string; seq: number; read_at: number };

/** A call; `state` holds contracts/calls.ts ZCall as JSON (migration 0012). */
export type CallsTable = {
  id: string;
  room_id: string;
  status: 'initialized' | 'started' | 'ended';
  state: string;
  version: number;
  created_at: number;
  updated_at: number;
};

/** A browser's Web Push subscription, owned by a session (migration 0014). */
export type PushSubscriptionsTable = {
  id: string;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: number;
};
/** An URGENT message alerting one recipient again until they acknowledge (migration 0014). */
export type UrgentRepeatsTable = {
  message_id: string;
  user_id: string;
  room_id: string;
  count: number;
  next_at: number;
  done_at: number | null;
};

/** SCIM bearer tokens (modules/identity/scim-tokens): only the SHA-256 of each is kept. */
export type ScimTokensTable = {
  id: string;
  label: string;
  token_hash: string;
  created_by: string;
  created_at: number;
  rotated_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
};

/** What the directory said about a user that Rounds has no column for; attributes is JSON. */
export type ScimUsersTable = {
  user_id: string;
  external_id: string | null;
  attributes: string;
  created_at: number;
  updated_at: number;
};

/** A directory group and what it stands for: kind facility|department|profession|specialty|role, target an id or role. */
export type ScimGroupsTable = {
  id: string;
  display_name: string;
  name_key: string;
  external_id: string | null;
  kind: string;
  target: string;
  created_at: number;
  updated_at: number;
};

export type Database = {
  scim_tokens: ScimTokensTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
  counters: CountersTable;
  directory_changes: DirectoryChangesTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
  messages: MessagesTable;
  message_terms: MessageTermsTable;
  message_reads: MessageReadsTable;
  uploads: UploadsTable;
  message_logs: MessageLogsTable;
  acknowledgements: AcknowledgementsTable;
  escalations: EscalationsTable;
  sms_sends: SmsSendsTable;
  sms_counters: SmsCountersTable;
  saved_filters: SavedFiltersTable;
  presence: PresenceTable;
  servers: ServersTable;
  sessions: SessionsTable;
  unlock_pins: UnlockPinsTable;
  refresh_tokens: RefreshTokensTable;
  verification_codes: VerificationCodesTable;
  code_sends: CodeSendsTable;
  login_throttle: LoginThrottleTable;
  mfa_factors: MfaFactorsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
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
  notification_jobs: NotificationJobsTable;
  calls: CallsTable;
  push_subscriptions: PushSubscriptionsTable;
  urgent_repeats: UrgentRepeatsTable;
  duty_roles: DutyRolesTable;
  duty_role_holds: DutyRoleHoldsTable;
  duty_role_shifts: DutyRoleShiftsTable;
  duty_role_rotations: DutyRoleRotationsTable;
  escalation_policies: EscalationPoliciesTable;
  escalation_policy_steps: EscalationPolicyStepsTable;
  escalation_chains: EscalationChainsTable;
  escalation_jobs: EscalationJobsTable;
  escalation_events: EscalationEventsTable;
  legal_holds: LegalHoldsTable;
  counsel_exports: CounselExportsTable;
  job_due: JobDueTable;
  break_glass_grants: BreakGlassGrantsTable;
  sso_attempts: SsoAttemptsTable;
  sso_identities: SsoIdentitiesTable;
  sso_sessions: SsoSessionsTable;
};

/** Single sign-on (migration 0022): a sign-in on its way through the provider, used once. */
export type SsoAttemptsTable = {
  state_hash: string;
  browser_hash: string;
  /** The PKCE code verifier, sealed with the server's key. */
  verifier: string;
  nonce: string;
  remember: number;
  created_at: number;
  used_at: number | null;
};
export type SsoIdentitiesTable = { issuer: string; subject: string; user_id: string; linked_at: number };
export type SsoSessionsTable = {
  session_id: string;
  user_id: string;
  issuer: string;
  subject: string;
  sid: string | null;
  /** The ID token, sealed: the id_token_hint of RP-initiated logout. */
  id_token: string;
  created_at: number;
};

/** A legal hold (migration 0017): a person or a room kept until released. */
export type LegalHoldsTable = {
  id: string;
  target_type: 'user' | 'room';
  target_id: string;
  name: string;
  reason: string;
  placed_by: string | null;
  placed_at: number;
  released_by: string | null;
  released_at: number | null;
};

/** An Admin's break-glass access to a room (migration 0021): live while not ended and before expires_at. */
export type BreakGlassGrantsTable = {
  id: string;
  admin_id: string;
  room_id: string;
  reason: string;
  granted_at: number;
  expires_at: number;
  ended_at: number | null;
};

/** An export for counsel (migration 0023): its parameters and its single-use link's hash. */
export type CounselExportsTable = {
  id: string;
  token_hash: string;
  scope: 'user' | 'room';
  target_id: string;
  from_at: number;
  to_at: number;
  created_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

/** When a job that runs once across processes is next due (migration 0017). */
export type JobDueTable = { name: string; due_at: number };

/** On-call duty roles (migration 0016): not the user roles (Admin, FacilityAdmin, Regular). */
export type DutyRolesTable = {
  id: string;
  facility_id: string;
  department_id: string | null;
  name: string;
  name_key: string;
  time_zone: string;
  retired_at: number | null;
  created_at: number;
  updated_at: number;
};

/** A hand hold ('hand') or a release of a scheduled stretch ('off'); ends_at null while it lasts. */
export type DutyRoleHoldsTable = {
  id: string;
  role_id: string;
  user_id: string;
  kind: 'hand' | 'off';
  starts_at: number;
  ends_at: number | null;
  note: string | null;
  created_by: string;
  created_at: number;
};

export type DutyRoleShiftsTable = { id: string; role_id: string; user_id: string; starts_at: number; ends_at: number };

/** weekdays and exceptions are JSON arrays; times HH:MM and dates YYYY-MM-DD in the role's time zone. */
export type DutyRoleRotationsTable = {
  id: string;
  role_id: string;
  user_id: string;
  weekdays: string;
  start_time: string;
  end_time: string;
  from_date: string;
  until_date: string | null;
  exceptions: string;
};

/** Escalation (migration 0028): a role's policy, its steps, the chains URGENT messages start and their jobs. */
export type EscalationPoliciesTable = {
  role_id: string;
  final_after_minutes: number;
  updated_by: string;
  updated_at: number;
};
export type EscalationPolicyStepsTable = {
  role_id: string;
  position: number;
  after_minutes: number;
  target_role_id: string | null;
  target_user_id: string | null;
};
export type EscalationChainsTable = {
  id: string;
  message_id: string;
  room_id: string;
  role_id: string;
  sender_id: string;
  started_at: number;
  outcome: 'acknowledged' | 'unanswered' | null;
  ended_at: number | null;
};
export type EscalationJobsTable = {
  id: string;
  chain_id: string;
  position: number;
  kind: 'step' | 'final';
  target_role_id: string | null;
  target_user_id: string | null;
  due_at: number;
  status: 'pending' | 'fired' | 'cancelled';
  fired_at: number | null;
};
export type EscalationEventsTable = { id: string; chain_id: string; kind: string; at: number; data: string };
