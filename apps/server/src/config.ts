import { resolve } from 'node:path';
import { z } from 'zod';
import { passwordProblem } from './lib/password-rules';
import { loadOrCreateSecret, loadOrCreateVapidKeys } from './lib/secrets';

/** The push services of Chrome and Android, Firefox, Safari and Edge. */
export const DEFAULT_PUSH_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,*.notify.windows.com';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads. README's table lists the same; a bad value stops
 * start-up with one line naming the variable.
 */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** PostgreSQL schema to use instead of public (created when missing). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL identifier')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** AES-256 key for message bodies and files at rest: 32 bytes, base64 or base64url. */
  MESSAGE_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /**
   * Key of the message search index (HMAC-SHA-256 of normalised words; modules/search): 32 bytes, base64 or
   * base64url. Its own key, so the index and the bodies do not fall with one secret. Changing it needs
   * `npm run search:rebuild`.
   */
  SEARCH_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((v) => v === undefined || passwordProblem(v) === null, {
      message: 'must be 6 to 256 characters with an uppercase letter, a lowercase letter and a digit',
    }),
  SEED_DEMO: booleanFlag.default(false),
  // Unset: the stored setting stands (on by default); set: written at start.
  SELF_REGISTRATION: booleanFlag.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /**
   * Server processes on this machine (node:cluster, one port). More than one needs DATABASE_URL and REDIS_URL:
   * the embedded SQLite database and in-process state are not shared between processes.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request's whole body must arrive within this (slow-body attacks hold connections otherwise). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Its headers within this (at most the request timeout). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Client socket events per user per minute, all tabs and processes together (Redis when REDIS_URL is set). */
  SOCKET_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** Open sockets per user in one process: every tab on every device, far above what a person opens. */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(50),
  /**
   * Open sockets (and handshakes under way) per client address in one process, sized for a hospital's staff
   * behind one NAT address; connections from this machine are not counted (realtime/socket-caps.ts).
   */
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(5000),
  /**
   * Verification and reset codes sent per client IP per 10 minutes. Sized for a hospital behind one NAT
   * address (about 20 registrations in 10 minutes); per address, per phone and per account stay at 3/3/6.
   */
  CODE_SENDS_PER_IP: z.coerce.number().int().min(1).default(60),
  /** `production` marks a real deployment: start-up then warns about anything only fit for trying Rounds out. */
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().default('Rounds <no-reply@rounds.local>'),
  // A Twilio-compatible Messages API; {sid} is replaced by SMS_ACCOUNT_SID.
  SMS_API_URL: z.url().optional(),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  // Chat files: local disk under DATA_DIR unless an S3-compatible bucket is named.
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bearer token that lets a remote Prometheus read /metrics (a direct loopback connection needs none). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Web Push (modules/push): the VAPID key pair (base64url, as web-push makes them) and the subject the push
   * services may contact (mailto: or https:). Unset: a pair is generated once into DATA_DIR/secrets.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be the base64url uncompressed P-256 public key (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, 'must be the base64url P-256 private key (32 bytes)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /**
   * Hosts a push subscription's endpoint may name (the server posts to it: an SSRF door otherwise), comma
   * separated; `*.example.com` allows every subdomain. Defaults: Google's, Mozilla's, Apple's, Microsoft's.
   */
  PUSH_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? DEFAULT_PUSH_HOSTS)
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
            'each entry is a host name',
          ),
      ),
    ),
  /**
   * The spec's single-session rule: a new login ends the user's other sessions after a 10 s warning. false lets
   * a user stay signed in on several devices (a ward phone and a workstation); Settings lists them and ends any
   * (issue 26).
   */
  SINGLE_SESSION: booleanFlag.default(true),
  /** Tests only: endpoints on 127.0.0.1 are allowed too (a push-service stand-in). */
  PUSH_ALLOW_LOOPBACK: booleanFlag.default(false),
  /** An URGENT message a recipient has not acknowledged alerts them again this often (issue 24)… */
  URGENT_REPEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(120),
  /** …at most this many times. */
  URGENT_REPEAT_MAX: z.coerce.number().int().min(0).max(100).default(10),
  /** An URGENT message nobody acknowledged is notified once more after this many seconds. */
  URGENT_ESCALATION_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * How long one minute of an escalation policy lasts, in milliseconds (issue 25): 60,000. Journeys and benches
   * shorten it to watch a chain of "after 2 minutes" steps climb in seconds.
   */
  ESCALATION_MINUTE_MS: z.coerce.number().int().min(50).max(60_000).default(60_000),
  // SMS caps of priority messages (toll fraud costs real money): past one, the SMS is refused and recorded,
  // the message and its in-app notice still go.
  /** People texted for one priority message (its one reminder goes to those texted, not counted again). */
  SMS_MAX_PER_MESSAGE: z.coerce.number().int().min(1).default(20),
  /** Priority SMS one person receives per hour. */
  SMS_MAX_PER_RECIPIENT_HOUR: z.coerce.number().int().min(1).default(6),
  /** Priority SMS one sender causes per hour and per day. */
  SMS_MAX_PER_SENDER_HOUR: z.coerce.number().int().min(1).default(40),
  SMS_MAX_PER_SENDER_DAY: z.coerce.number().int().min(1).default(150),
  /** Priority SMS of the whole server per day. */
  SMS_MAX_PER_DAY: z.coerce.number().int().min(1).default(2000),
  // Notification jobs (docs/decisions.md "Notification jobs"): one SMS or email waits at most this long for
  // its provider; a failure is tried again after NOTIFY_RETRY_SECONDS, doubling up to 5 minutes, and given up
  // after NOTIFY_MAX_ATTEMPTS tries.
  NOTIFY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  NOTIFY_RETRY_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Speech to text: an OpenAI-compatible transcription server (POST /v1/audio/transcriptions), e.g.
   * whisper.cpp's server or a faster-whisper server inside the hospital. Unset: dictation is off.
   */
  /**
   * ICE for calls: STUN and TURN URLs, comma-separated (stun:host:3478,turn:host:3478?transport=udp), and the
   * secret shared with coturn's use-auth-secret, from which each call gets time-limited TURN credentials.
   */
  TURN_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^(stun|stuns|turn|turns):/, 'each URL starts with stun:, stuns:, turn: or turns:')),
    ),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /**
   * Calls through the Janus WebRTC server (VideoRoom plugin) instead of the browser mesh: the URL of its
   * WebSocket transport, on loopback or a private network (ws://127.0.0.1:8188). Only this server talks to it.
   */
  JANUS_URL: z
    .string()
    .regex(/^wss?:\/\/[^\s]+$/, 'a ws:// or wss:// URL (ws://127.0.0.1:8188)')
    .optional(),
  /**
   * Single sign-on with OpenID Connect (issue 26, modules/identity/sso): the provider's issuer (its discovery
   * document is at <issuer>/.well-known/openid-configuration) and this server's client there. The redirect URI
   * to register is PUBLIC_URL/api/v1/auth/sso/callback, the back-channel logout URI
   * PUBLIC_URL/api/v1/auth/sso/backchannel-logout and the post-logout redirect URI PUBLIC_URL/login.
   */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid profile email phone'),
  /** The login page's button reads "Sign in with <label>". */
  OIDC_BUTTON_LABEL: z.string().min(1).max(60).default('single sign-on'),
  /** Tolerated clock difference with the provider when checking ID and logout tokens. */
  OIDC_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** Claims naming the hospital's reference items (a name or a list of names) and the groups claim. */
  OIDC_CLAIM_FACILITY: z.string().default('facility'),
  OIDC_CLAIM_DEPARTMENT: z.string().default('department'),
  OIDC_CLAIM_PROFESSION: z.string().default('profession'),
  OIDC_CLAIM_SPECIALTY: z.string().default('specialty'),
  OIDC_CLAIM_GROUPS: z.string().default('groups'),
  /**
   * Roles from groups: `Admin=rounds-admins,FacilityAdmin=rounds-facility-admins` (a role may name several
   * groups: `Admin=a|b`). Unset: the provider does not decide roles (new accounts are Regular, then an Admin's).
   */
  OIDC_ROLE_GROUPS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const [role = '', groups = ''] = pair.split('=');
          return {
            role: role.trim(),
            groups: groups
              .split('|')
              .map((g) => g.trim())
              .filter(Boolean),
          };
        }),
    )
    .pipe(
      z.array(
        z.object({
          role: z.enum(
            ['Admin', 'FacilityAdmin', 'Regular'],
            'each entry is Role=group (Admin, FacilityAdmin, Regular)',
          ),
          groups: z.array(z.string()).min(1, 'each entry is Role=group'),
        }),
      ),
    ),
  /** A claim naming a facility, department, profession or specialty that does not exist: refuse the sign-in, or create it. */
  OIDC_UNKNOWN_REFERENCE: z.enum(['refuse', 'create']).default('refuse'),
  /** The local Admin who still signs in with a password when an Admin makes SSO the only way in (default ADMIN_EMAIL). */
  OIDC_BREAK_GLASS_EMAIL: z.email().optional(),
  /**
   * SCIM groups (docs/decisions.md "SCIM provisioning"): a JSON object from the directory's group name to what it
   * stands for in Rounds, `{"ICU nurses": "department:ICU", "Rounds admins": "role:Admin"}` (kinds: facility,
   * department, profession, specialty, role). A group named "<kind>:<name>" maps without an entry.
   */
  SCIM_GROUPS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string(),
        z.string().regex(/^(facility|department|profession|specialty|role):.+$/i, 'each value is "<kind>:<name>"'),
      ),
    ),
  STT_URL: z.url().optional(),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().default('whisper-1'),
  /** wav: the browser's webm/opus is decoded with ffmpeg to 16 kHz mono WAV (every engine reads it); webm: sent as recorded. */
  STT_AUDIO_FORMAT: z.enum(['wav', 'webm']).default('wav'),
  /** Audio per dictation; 120 s is the product's limit (lowered by tests). */
  STT_MAX_SECONDS: z.coerce.number().int().min(1).max(120).default(120),
  /** How often, in ms, the growing audio is sent for the text so far while the user speaks. */
  STT_PARTIAL_MS: z.coerce.number().int().min(250).max(30_000).default(1500),
  STT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Dictations one process relays at once (each holds an ffmpeg and its audio); more are refused for now. */
  STT_MAX_SESSIONS: z.coerce.number().int().min(1).max(10_000).default(100),
});

export type Env = z.infer<typeof ZEnv>;

export type Config = Omit<
  Env,
  | 'JWT_SECRET'
  | 'PUBLIC_URL'
  | 'MESSAGE_KEY'
  | 'SEARCH_KEY'
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  JWT_SECRET: string;
  MESSAGE_KEY: string;
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  SEARCH_KEY: string;
};

export class ConfigError extends Error {}

/** Parse an environment (process.env by default). Throws ConfigError with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && (!e.DATABASE_URL || !e.REDIS_URL)) {
    throw new ConfigError(
      `Invalid environment variable WORKERS: ${e.WORKERS} processes need DATABASE_URL (PostgreSQL) and REDIS_URL; the embedded database serves one process`,
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(
      `Invalid environment variable ${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together`,
    );
  }
  const oidcMissing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((k) => !e[k as keyof typeof e]);
  if (oidcMissing.length > 0 && oidcMissing.length < 3) {
    throw new ConfigError(
      `Invalid environment variable ${oidcMissing[0]}: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together`,
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : loadOrCreateVapidKeys(dataDir);
  return {
    ...e,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwtSecret'),
    MESSAGE_KEY: e.MESSAGE_KEY ?? loadOrCreateSecret(dataDir, 'messageKey'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // Push services contact whoever runs the server: its https address, else the first Admin's email.
    VAPID_SUBJECT:
      e.VAPID_SUBJECT ??
      (publicUrl.startsWith('https://') ? publicUrl : `mailto:${e.ADMIN_EMAIL ?? 'push@rounds.invalid'}`),
    SEARCH_KEY: e.SEARCH_KEY ?? loadOrCreateSecret(dataDir, 'searchKey'),
  };
}
