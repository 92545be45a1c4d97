import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZIdParams, ZOkReply, ZRole } from './common';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';
import { ZName, ZUser } from './user';
import {
  CLASSIFICATION_FIELDS,
  MSG,
  plainText,
  ZEmail,
  ZNewPassword,
  ZOneId,
  ZPasswordInput,
  ZPhoneCountryCode,
  ZPhoneDigits,
  ZVerificationCode,
} from './validation';

/** POST /auth/login */
export const ZLoginRequest = z.object({
  username: ZEmail,
  password: ZPasswordInput,
  remember: z.boolean().optional().default(false),
  /** The solved ALTCHA payload, asked for once an account or an address has had a few failures. */
  captchaResponse: z.string().max(10_000).optional(),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
export const ZLoginReply = z.object({
  token: z.string().nullable(),
  tempToken: z.string().nullable(),
  user: ZUser,
  role: ZRole,
  /** Beyond the spec: the password policy says this user's password is due for a change (ForcePasswordUpdate). */
  forcePasswordUpdate: z.boolean().optional(),
});
export type TLoginReply = z.infer<typeof ZLoginReply>;

/** Extra fields an auth error may carry besides { message, code }. */
export const ZAuthErrorReply = z.object({
  message: z.string(),
  code: z.string(),
  attemptLeft: z.number().int().optional(),
  tempToken: z.string().optional(),
  /** Login: the next attempt needs the captcha (captchaResponse). */
  captchaRequired: z.boolean().optional(),
  /** LOGIN_THROTTLED: seconds before this address may try this account again. */
  retryAfter: z.number().int().optional(),
  /** MFA_REQUIRED or MFA_ENROLMENT_REQUIRED (mfa.ts): the challenge token for the second step. */
  mfaToken: z.string().optional(),
  /** MFA_REQUIRED: the account has a passkey, which may answer instead of a code. */
  passkey: z.boolean().optional(),
});
export type TAuthErrorReply = z.infer<typeof ZAuthErrorReply>;

// Moved to auth-codes.ts (zod-free, for the web's first download); same export, same values.
export { AUTH_CODES } from './auth-codes';

/** POST /auth/register: the registration payload (doc 1 section 3). */
export const ZRegisterRequest = z.object({
  email: ZEmail,
  password: ZNewPassword,
  firstName: ZName,
  lastName: ZName,
  phone: ZPhoneDigits,
  phoneCountryCode: ZPhoneCountryCode,
  phoneCountryName: plainText(z.string().trim().min(1, MSG.required).max(100)),
  ...CLASSIFICATION_FIELDS,
  // Registration asks for the suffix too.
  suffixId: ZOneId,
  captchaResponse: z.string().min(1, MSG.required).max(10_000),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export const ZRegisterReply = z.object({ tempToken: z.string(), user: ZUser });

export const ZForgotPasswordRequest = z.object({ username: ZEmail });
export const ZResetPasswordRequest = z.object({
  token: z.string().trim().min(1, MSG.required).max(512),
  password: ZNewPassword,
});

export const ZVerifyRequest = z.object({ verifyToken: ZVerificationCode, tempToken: z.string().max(2048).optional() });
export const ZVerifyEmailReply = z.object({
  token: z.string().nullable(),
  user: ZUser,
  role: ZRole,
  phoneVerified: z.boolean(),
  attemptLeft: z.number().int().optional(),
  tempToken: z.string().nullable(),
});
export const ZVerifyPhoneReply = z.object({ user: ZUser, phoneVerified: z.boolean() });

export const ZResendEmailRequest = z.object({ email: ZEmail.optional(), tempToken: z.string().max(2048).optional() });
export const ZResendPhoneRequest = z.object({
  user: z.string().max(64).optional(),
  tempToken: z.string().max(2048).optional(),
});
export const ZResendReply = z.object({ message: z.string(), attemptLeft: z.number().int() });

export const ZRefreshRequest = z.object({ currentToken: z.string().max(4096).optional() });
export const ZRefreshReply = z.object({ token: z.string() });

export const ZChangePhoneRequest = z.object({
  phone: ZPhoneDigits,
  phoneCountryCode: ZPhoneCountryCode,
  phoneCountryName: plainText(z.string().trim().min(1).max(100)),
  tempToken: z.string().max(2048).optional(),
});
export const ZChangeEmailRequest = z.object({ email: ZEmail, tempToken: z.string().max(2048).optional() });
export const ZMessageReply = z.object({ message: z.string() });
/** POST /auth/change-email and /auth/change-phone: a new code was sent to the corrected value. */
export const ZChangeContactReply = ZResendReply.extend({ user: ZUser });

/**
 * GET /auth/captcha: an ALTCHA v2 challenge, solved in the browser (no third party). Loose: the widget reads
 * the whole challenge as altcha-lib wrote it; these are the fields it cannot do without.
 */
export const ZCaptchaChallenge = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
  signature: z.string().optional(),
});

/** The authentication routes (doc 1 section 3): each call is authenticated by what it carries. */
/**
 * One signed-in device as Settings lists it: the browser and system its user agent names (never the whole
 * string), the address it last used, when it was last seen (its last token renewal, else its sign-in) and when
 * it signed in.
 */
export const ZDeviceSession = z.object({
  id: z.string(),
  label: z.string(),
  ip: z.string().nullable(),
  lastSeenAt: z.number(),
  createdAt: z.number(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSession>;
export const ZSessionsReply = z.object({ data: z.object({ sessions: z.array(ZDeviceSession) }) });

export const authRoutes = {
  captcha: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.captcha, reply: ZCaptchaChallenge }),
  login: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.login, body: ZLoginRequest, reply: ZLoginReply }),
  register: apiRoute({ method: 'POST', path: '/auth/register', body: ZRegisterRequest, reply: ZRegisterReply }),
  verifyEmail: apiRoute({ method: 'POST', path: '/auth/verify-email', body: ZVerifyRequest, reply: ZVerifyEmailReply }),
  verifyPhone: apiRoute({ method: 'POST', path: '/auth/verify-phone', body: ZVerifyRequest, reply: ZVerifyPhoneReply }),
  resendEmail: apiRoute({
    method: 'POST',
    path: '/auth/resend-verify-email',
    body: ZResendEmailRequest,
    reply: ZResendReply,
  }),
  resendPhone: apiRoute({
    method: 'POST',
    path: '/auth/resend-verify-phone',
    body: ZResendPhoneRequest,
    reply: ZResendReply,
  }),
  changeEmail: apiRoute({
    method: 'POST',
    path: '/auth/change-email',
    body: ZChangeEmailRequest,
    reply: ZChangeContactReply,
  }),
  changePhone: apiRoute({
    method: 'POST',
    path: '/auth/change-phone',
    body: ZChangePhoneRequest,
    reply: ZChangeContactReply,
  }),
  /** The httpOnly refresh cookie is the credential; the body is optional. */
  refreshToken: apiRoute({
    ...FIRST_DOWNLOAD_ROUTES.refreshToken,
    body: ZRefreshRequest.optional(),
    reply: ZRefreshReply,
  }),
  /** With single sign-on, `endSessionUrl` is where the browser goes to end the provider's session too (RP-initiated logout). */
  logout: apiRoute({
    ...FIRST_DOWNLOAD_ROUTES.logout,
    reply: ZMessageReply.extend({ endSessionUrl: z.string().optional() }),
  }),
  forgotPassword: apiRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    body: ZForgotPasswordRequest,
    reply: ZMessageReply,
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/auth/reset-password',
    body: ZResetPasswordRequest,
    reply: ZMessageReply,
  }),
  /** The set-password link of a user an administrator created: the same form as a reset. */
  setPassword: apiRoute({
    method: 'POST',
    path: '/user/set-password',
    body: ZResetPasswordRequest,
    reply: ZMessageReply,
  }),
  /** Settings' signed-in devices (issue 26): this account's live sessions, this one marked `current`. */
  sessions: apiRoute({ method: 'GET', path: '/auth/sessions', reply: ZSessionsReply }),
  /** Ends one of this account's sessions (this one too): its sockets close and its push subscriptions go. */
  endSession: apiRoute({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    params: ZIdParams,
    reply: ZOkReply,
    // Another account's session, or one already ended: nothing of theirs is revealed.
    errors: { 404: 'NOT_FOUND' },
  }),
  /** Signs out every other device: every live session of this account but the caller's. */
  endOtherSessions: apiRoute({
    method: 'DELETE',
    path: '/auth/sessions',
    reply: z.object({ data: z.object({ ended: z.number().int().min(0) }) }),
  }),
} as const;
