import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The spec's validation rules, written once. Issue messages are the spec's form error keys: the web
 * translates them with i18next, the server with its own table (apps/server/src/lib/texts.ts).
 */
export const MSG = {
  required: 'Required',
  invalidEmail: 'invalid_email',
  passLength: 'auth.err_pass_lent',
  passNumber: 'auth.err_pass_num',
  passUpper: 'auth.err_pass_uppercase',
  passLower: 'auth.err_password_lower',
  mismatch: 'auth.mismatch',
  phoneFormat: 'auth.err_phone_format',
  minValue1: 'auth.min_value_is_1',
  passTooLong: 'auth.err_pass_too_long',
  codeFormat: 'auth.err_code_format',
  controlChars: 'control_characters',
  invalidId: 'invalidId',
  singleValue: 'singleValue',
  groupNameTooLong: 'groupNameTooLong',
} as const;

// C0 controls, DEL and C1 controls; multi-line text keeps tab, line feed and carriage return. Written with
// escapes on purpose: these are the characters refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A UTF-16 surrogate without its pair: not text, and it breaks whatever encodes it next (JSON, SMS, logs). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a control character (tab and line breaks allowed if multiline) or a lone surrogate. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/**
 * The one refinement of every name and single-line text field a user types (names, group and list names,
 * searches): control characters and lone surrogates are a 400 naming the field (issue 14). Bidirectional
 * controls are allowed (right-to-left scripts use them); the web shows them inert.
 */
export const plainText = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !hasControlCharacters(v), MSG.controlChars);

/** The same for multi-line text (message bodies): tab, line feed and carriage return are kept. */
export const multilineText = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !hasControlCharacters(v, true), MSG.controlChars);

export const ZEmail = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(254, MSG.invalidEmail)
  .pipe(z.email(MSG.invalidEmail))
  .transform((v) => v.toLowerCase());

/** The length and letter rules both password screens check: at least 6 and one uppercase; never over 256. */
const ZPasswordRules = z
  .string()
  .min(1, MSG.required)
  .min(LIMITS.passwordMinLength, MSG.passLength)
  .max(LIMITS.passwordMaxLength, MSG.passTooLong)
  .regex(/[A-Z]/, MSG.passUpper);

/** New passwords: also one lowercase and one digit (checked before hashing). */
export const ZNewPassword = ZPasswordRules.regex(/[a-z]/, MSG.passLower).regex(/[0-9]/, MSG.passNumber);

/** The reset screen checks no lowercase (doc 1 section 5); the server still requires the full rule. */
export const ZResetPasswordClient = ZPasswordRules.regex(/[0-9]/, MSG.passNumber);

/** An existing password being presented: only bounded, never rule-checked. */
export const ZPasswordInput = z.string().min(1, MSG.required).max(LIMITS.passwordMaxLength, MSG.passTooLong);

export const ZPhoneDigits = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(20, MSG.phoneFormat)
  .regex(/^\d+$/, MSG.phoneFormat);
export const ZPhoneCountryCode = z
  .string()
  .trim()
  .regex(/^\+\d{1,4}$/, MSG.phoneFormat);

export const ZVerificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MSG.codeFormat);

/** Session timeout in minutes: digits, above 0, at most 100000; empty means the default. */
export const ZSessionTimeout = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) {
      ctx.addIssue({ code: 'custom', message: MSG.minValue1 });
      return z.NEVER;
    }
    if (n > LIMITS.sessionTimeoutMaxMinutes) {
      ctx.addIssue({ code: 'custom', message: 'auth.max_value' });
      return z.NEVER;
    }
    return n;
  });

/** Ids lists that the spec sometimes sends as a single id. */
export const ZIdList = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v.filter(Boolean) : [v]))
  .pipe(z.array(z.string().regex(/^[0-9a-f]{24}$/, MSG.invalidId)).max(100));

/** Facilities, departments, specialties: one or more. */
export const ZSomeIds = ZIdList.refine((v) => v.length > 0, MSG.required);
/**
 * The clinical role (and the suffix where a form requires one): exactly one, since clinical role and suffix hold
 * a single value (doc 2 section 4). Every route that takes them uses these, so none accepts two.
 */
export const ZOneId = ZIdList.refine((v) => v.length > 0, MSG.required).refine((v) => v.length <= 1, MSG.singleValue);
/** The suffix where it is optional: none or one. */
export const ZAtMostOneId = ZIdList.refine((v) => v.length <= 1, MSG.singleValue);

/** A person's place in the hospital as forms edit it: facilities, departments, specialties, one clinical role, a suffix or none. */
export const CLASSIFICATION_FIELDS = {
  facilityId: ZSomeIds,
  departmentId: ZSomeIds,
  professionId: ZOneId,
  specialtyId: ZSomeIds,
  suffixId: ZAtMostOneId,
};
