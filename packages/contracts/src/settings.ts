import { z } from 'zod';

/** Calling codes offered (doc 1 section 3); the default is '(+1) - United States'. */
export const CALLING_CODES = [
  { code: '+1', country: 'United States' },
  { code: '+7', country: 'Russia' },
  { code: '+47', country: 'Norway' },
  { code: '+61', country: 'Australia' },
  { code: '+64', country: 'New Zealand' },
  { code: '+212', country: 'Morocco' },
  { code: '+262', country: 'Mayotte' },
  { code: '+590', country: 'Saint Martin' },
  { code: '+599', country: 'Curacao' },
] as const;

export const ZCallingCode = z.object({ code: z.string(), country: z.string() });
export type TCallingCode = z.infer<typeof ZCallingCode>;

export function callingCodeLabel(c: TCallingCode): string {
  return `(${c.code}) - ${c.country}`;
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
  callingCodes: z.array(ZCallingCode),
});
export type TAppSettings = z.infer<typeof ZAppSettings>;
export const ZAppSettingsReply = z.object({ appSettings: ZAppSettings });
export type TAppSettingsReply = z.infer<typeof ZAppSettingsReply>;
