import { z } from 'zod';
import { ZUpdateSettingsRequest, ZUserReply } from './account';
import { apiRoute } from './api-route';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';
import { LIMITS, LOGOS_PATH } from './limits';
import { QUICK_LOCK_MAX_MINUTES } from './quick-unlock';
import { multilineText } from './validation';

/**
 * Calling codes offered (doc 1 section 3); the default is '(+1) - United States'. `country` is the English name
 * the spec stores with a phone number; `region` (ISO 3166) lets a client name the country in its own language.
 */
export const CALLING_CODES = [
  { code: '+1', country: 'United States', region: 'US' },
  { code: '+7', country: 'Russia', region: 'RU' },
  { code: '+47', country: 'Norway', region: 'NO' },
  { code: '+61', country: 'Australia', region: 'AU' },
  { code: '+64', country: 'New Zealand', region: 'NZ' },
  { code: '+212', country: 'Morocco', region: 'MA' },
  { code: '+262', country: 'Mayotte', region: 'YT' },
  { code: '+590', country: 'Saint Martin', region: 'MF' },
  { code: '+599', country: 'Curacao', region: 'CW' },
] as const;

export const ZCallingCode = z.object({ code: z.string(), country: z.string(), region: z.string().optional() });
export type TCallingCode = z.infer<typeof ZCallingCode>;

/**
 * '(+47) - Norway': with a language, the country as that language names it ('(+47) - Norvège'), from its
 * region code through the platform's own list (Intl.DisplayNames); the stored English name otherwise.
 */
export function callingCodeLabel(c: TCallingCode, language?: string): string {
  let country = c.country;
  if (language && c.region) {
    try {
      country = new Intl.DisplayNames([language], { type: 'region' }).of(c.region) ?? c.country;
    } catch {
      // An engine without the region names keeps the English one.
    }
  }
  return `(${c.code}) - ${country}`;
}
export const DEFAULT_CALLING_CODE_LABEL = callingCodeLabel(CALLING_CODES[0]);

/** GET /setting/calling-codes: the spec's client reads data.data. */
export const ZCallingCodesReply = z.object({ data: z.object({ data: z.array(ZCallingCode) }) });
export type TCallingCodesReply = z.infer<typeof ZCallingCodesReply>;

/** GET /setting/self-registration: a string the client parses as a boolean. */
export const ZSelfRegistrationReply = z.object({ isSelfRegistrationEnabled: z.enum(['true', 'false']) });
export type TSelfRegistrationReply = z.infer<typeof ZSelfRegistrationReply>;

export const LOGO_KINDS = [
  'whiteLogoBig',
  'squareLogo',
  'squareLogoDark',
  'recentLogo',
  'recentLogoDark',
  'moreLogo',
  'moreLogoDark',
  'aboutUsHeader',
] as const;
export const ZLogoKind = z.enum(LOGO_KINDS);
export type TLogoKind = z.infer<typeof ZLogoKind>;

/**
 * An address that always answers with the logo a kind has now (a redirect to its file under /logos): for a page
 * drawn before the app settings are known, the signed-in frame the build prerenders for / (docs/decisions.md).
 */
export const currentLogoPath = (kind: TLogoKind): string => `${LOGOS_PATH}/current/${kind}`;

export const ZLocalizedText = z.object({ en: z.string(), fr: z.string() });
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

export const ZBannerMessage = z.object({ text_en: z.string(), text_fr: z.string(), show: z.boolean() });
export type TBannerMessage = z.infer<typeof ZBannerMessage>;

export const PASSWORD_UPDATE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const ZPasswordUpdate = z.object({
  lastUpdate: z.number().nullable(),
  active: z.boolean(),
  frequency: z.number().int().min(0).max(999),
  period: z.enum(PASSWORD_UPDATE_PERIODS),
  changed: z.boolean(),
});
export type TPasswordUpdate = z.infer<typeof ZPasswordUpdate>;

/**
 * GET /setting/app-settings. Logo values are URLs under the static logos path.
 * sessionTimeout is the default in minutes (0 means the server default applies).
 */
export const ZAppSettings = z.object({
  whiteLogoBig: z.string(),
  squareLogo: z.string(),
  squareLogoDark: z.string(),
  recentLogo: z.string(),
  recentLogoDark: z.string(),
  moreLogo: z.string(),
  moreLogoDark: z.string(),
  aboutUsHeader: z.string(),
  aboutUsText: ZLocalizedText,
  informationText: ZLocalizedText,
  bannerMessage: ZBannerMessage,
  passwordUpdate: ZPasswordUpdate,
  isSelfRegistrationEnabled: z.boolean(),
  sessionTimeout: z.number().int().min(0),
  /** Minutes of idleness before the screen locks for users with a quick-unlock PIN (issue 26); 0: never. */
  quickLockMinutes: z.number().int().min(0).max(QUICK_LOCK_MAX_MINUTES),
  callingCodes: z.array(ZCallingCode),
});
export type TAppSettings = z.infer<typeof ZAppSettings>;
export const ZAppSettingsReply = z.object({ appSettings: ZAppSettings });
export type TAppSettingsReply = z.infer<typeof ZAppSettingsReply>;

/** POST /setting/logos: multipart `file` (png, gif, jpeg or svg by its bytes, under LIMITS.logoMaxBytes) and `key`. */
export const ZLogoReply = z.object({ message: z.string(), data: z.object({ logo: z.string() }) });

/** POST /setting/about-texts: HTML, sanitized by the server before it is stored. */
const ZHtml = z.string().max(200_000);
export const ZAboutTextsRequest = z.object({
  aboutUsText: z.object({ en: ZHtml, fr: ZHtml }),
  informationText: z.object({ en: ZHtml, fr: ZHtml }),
});

/** POST /setting/banner-message: text per language, at most 500 characters each (doc 2 section 5). */
const ZBannerText = multilineText(z.string().max(LIMITS.bannerMaxLength, 'banner.max_length'));
export const ZBannerMessageRequest = z.object({ text_en: ZBannerText, text_fr: ZBannerText, show: z.boolean() });

/** POST /setting/password-policy (doc 2 sections 4, 5, 7): frequency digits, at most 3. */
export const ZPasswordPolicyRequest = z.object({
  passwordUpdate: z.object({
    active: z.boolean(),
    frequency: z.coerce.number().int().min(0).max(999),
    period: z.enum(PASSWORD_UPDATE_PERIODS),
    changed: z.boolean().optional(),
  }),
});

/**
 * POST /setting with a key (doc 2 section 7, the app settings): the default session timeout in minutes
 * (0 to 100000, doc 2 section 5) or self-registration on or off. Without a key the body is one's own
 * preferences (account.ts ZUpdateSettingsRequest).
 */
/** Issue keys (the server's lib/texts.ts renders them: 'Input value should be a number.' …; the web has its own). */
export const SESSION_TIMEOUT_ISSUES = {
  notNumber: 'timeoutNotNumber',
  belowZero: 'timeoutBelowZero',
  aboveMax: 'timeoutAboveMax',
} as const;
/** The quick lock's minutes out of range (the server's and the web's text key). */
export const QUICK_LOCK_RANGE_ISSUE = 'quickLockRange';
export const ZAppSettingWrite = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('sessionTimeout'),
    value: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d+$/, SESSION_TIMEOUT_ISSUES.notNumber),
        ],
        {
          error: SESSION_TIMEOUT_ISSUES.notNumber,
        },
      )
      .transform(Number)
      .pipe(
        z
          .number({ error: SESSION_TIMEOUT_ISSUES.notNumber })
          .int(SESSION_TIMEOUT_ISSUES.notNumber)
          .min(0, SESSION_TIMEOUT_ISSUES.belowZero)
          .max(LIMITS.sessionTimeoutMaxMinutes, SESSION_TIMEOUT_ISSUES.aboveMax),
      ),
  }),
  z.object({ key: z.literal('isSelfRegistrationEnabled'), value: z.union([z.boolean(), z.enum(['true', 'false'])]) }),
  z.object({
    key: z.literal('quickLockMinutes'),
    value: z.coerce
      .number({ error: SESSION_TIMEOUT_ISSUES.notNumber })
      .int(SESSION_TIMEOUT_ISSUES.notNumber)
      .min(0, QUICK_LOCK_RANGE_ISSUE)
      .max(QUICK_LOCK_MAX_MINUTES, QUICK_LOCK_RANGE_ISSUE),
  }),
]);

export type TAppSettingWrite = z.output<typeof ZAppSettingWrite>;

/**
 * POST /setting: a body with `key` is an app setting (ZAppSettingWrite, Admin only), one without it one's own
 * preferences (ZUpdateSettingsRequest). Chosen by the key's presence rather than a zod union, so a refusal names
 * the field of the branch the caller meant (a union would only say 'Invalid input').
 */
export const ZSettingPostRequest = z.unknown().transform((value, ctx) => {
  const hasKey = typeof value === 'object' && value !== null && 'key' in value;
  const parsed = hasKey ? ZAppSettingWrite.safeParse(value) : ZUpdateSettingsRequest.safeParse(value);
  if (parsed.success) return parsed.data as TAppSettingWrite | z.output<typeof ZUpdateSettingsRequest>;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

export const ZSettingsMessageReply = z.object({ message: z.string(), appSettings: ZAppSettings });

/** AppSettingsChanged (beyond the spec): new logos, texts, banner or policy reach every open app at once. */
export const ZAppSettingsChangedPayload = z.object({ appSettings: ZAppSettings });

export const adminSettingRoutes = {
  logos: apiRoute({ method: 'POST', path: '/setting/logos', multipart: true, reply: ZLogoReply }),
  aboutTexts: apiRoute({
    method: 'POST',
    path: '/setting/about-texts',
    body: ZAboutTextsRequest,
    reply: ZSettingsMessageReply,
  }),
  banner: apiRoute({
    method: 'POST',
    path: '/setting/banner-message',
    body: ZBannerMessageRequest,
    reply: ZSettingsMessageReply,
  }),
  passwordPolicy: apiRoute({
    method: 'POST',
    path: '/setting/password-policy',
    body: ZPasswordPolicyRequest,
    reply: ZSettingsMessageReply,
  }),
  appSettings: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.appSettings, reply: ZAppSettingsReply }),
  /** POST /setting: {key, value} is an app setting (Admin only, answered with the app settings); else own preferences. */
  write: apiRoute({
    ...FIRST_DOWNLOAD_ROUTES.writeSetting,
    body: ZSettingPostRequest,
    reply: z.union([ZSettingsMessageReply, ZUserReply]),
  }),
} as const;

/** The public settings the sign-in and registration screens read before there is a session. */
export const publicSettingRoutes = {
  callingCodes: apiRoute({ method: 'GET', path: '/setting/calling-codes', reply: ZCallingCodesReply }),
  selfRegistration: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.selfRegistration, reply: ZSelfRegistrationReply }),
} as const;
