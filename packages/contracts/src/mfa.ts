import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZLoginReply } from './auth';
import { AUTH_CODES } from './auth-codes';
import { ZId, ZIdParams, ZOkReply } from './common';
import { FIRST_DOWNLOAD_ROUTES } from './first-download-routes';
import { MSG, plainText, ZPasswordInput } from './validation';

/**
 * Multi-factor sign-in (issue 26). After a right password, an account with a factor (or one the policy obliges
 * to enrol) gets no session but a refusal carrying a short-lived `mfaToken`: MFA_REQUIRED (type a code) or
 * MFA_ENROLMENT_REQUIRED (enrol an authenticator app first). The token then buys a session only with a code.
 */
export const MFA_CODES = {
  required: AUTH_CODES.mfaRequired,
  enrolmentRequired: AUTH_CODES.mfaEnrolmentRequired,
} as const;

/** Who must have a second factor: Admins and FacilityAdmins (the default), everyone, or nobody. */
export const MFA_POLICIES = ['admins', 'everyone', 'off'] as const;
export const ZMfaPolicy = z.enum(MFA_POLICIES);
export type TMfaPolicy = z.infer<typeof ZMfaPolicy>;

const ZMfaToken = z.string().trim().min(1, MSG.required).max(2048);
/** The body of the sign-in steps that need only the challenge token: they start an enrolment or a passkey check. */
const ZMfaTokenRequest = z.object({ mfaToken: ZMfaToken });
/** Six digits from the app, or a recovery code (ten letters and digits, dashes and spaces ignored). */
export const ZMfaCode = z
  .string()
  .trim()
  .min(6, MSG.required)
  .max(32)
  .regex(/^[0-9A-Za-z\s-]+$/, MSG.codeFormat);
const ZFactorLabel = plainText(z.string().trim().min(1, MSG.required).max(60));

export const ZMfaFactor = z.object({
  id: z.string(),
  kind: z.enum(['totp', 'passkey']),
  label: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type TMfaFactor = z.infer<typeof ZMfaFactor>;

/** A new authenticator's seed: shown once, while the enrolment waits for its first code; never again. */
export const ZTotpEnrolment = z.object({
  factorId: z.string(),
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl, as an SVG data URL. */
  qrCode: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;
export const ZTotpEnrolmentReply = z.object({ data: ZTotpEnrolment });

export const ZConfirmFactorRequest = z.object({ code: ZMfaCode, label: ZFactorLabel });
/** The ten recovery codes come with the first factor only (and when renewed): shown once, stored hashed. */
export const ZConfirmFactorReply = z.object({
  data: z.object({ factor: ZMfaFactor, recoveryCodes: z.array(z.string()).nullable() }),
});

export const ZMfaLoginReply = ZLoginReply.extend({ recoveryCodes: z.array(z.string()).nullable().optional() });
export type TMfaLoginReply = z.infer<typeof ZMfaLoginReply>;

export const ZFactorsReply = z.object({
  data: z.object({
    factors: z.array(ZMfaFactor),
    recoveryCodesLeft: z.number().int(),
    /** The policy obliges this account to keep a factor: the last one cannot be removed. */
    required: z.boolean(),
  }),
});
export type TFactorsReply = z.infer<typeof ZFactorsReply>;

/** Removing a factor asks again for the password or a code (a left-open session alone must not do it). */
export const ZRemoveFactorRequest = z
  .object({ password: ZPasswordInput.optional(), code: ZMfaCode.optional() })
  .refine((b) => b.password !== undefined || b.code !== undefined, { message: MSG.required, path: ['password'] });

/*
 * Passkeys (WebAuthn, issue 26). The server's options go to the browser as WebAuthn's JSON forms (the
 * browser package turns them into navigator.credentials calls); what comes back is the credential in JSON.
 * Each ceremony's challenge lives on the server, single-use and short-lived; the browser holds its handle.
 */
const ZB64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, MSG.codeFormat);
const ZChallengeId = z.string().trim().min(1, MSG.required).max(64);
/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON: produced by the server, read by the browser. */
const ZPasskeyOptions = z.record(z.string(), z.unknown());
export const ZPasskeyOptionsReply = z.object({ data: z.object({ challengeId: z.string(), options: ZPasskeyOptions }) });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptionsReply>['data'];
const ZCredentialCommon = {
  id: ZB64Url(1366),
  rawId: ZB64Url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
/** RegistrationResponseJSON (navigator.credentials.create, as the browser package sends it). */
export const ZPasskeyRegistration = z.object({
  ...ZCredentialCommon,
  response: z.object({
    clientDataJSON: ZB64Url(8192),
    attestationObject: ZB64Url(65536),
    authenticatorData: ZB64Url(65536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: ZB64Url(8192).optional(),
  }),
});
/** AuthenticationResponseJSON (navigator.credentials.get). */
export const ZPasskeyAssertion = z.object({
  ...ZCredentialCommon,
  response: z.object({
    clientDataJSON: ZB64Url(8192),
    authenticatorData: ZB64Url(8192),
    signature: ZB64Url(2048),
    userHandle: ZB64Url(256).optional(),
  }),
});
export type TPasskeyAssertion = z.input<typeof ZPasskeyAssertion>;
export type TPasskeyRegistration = z.input<typeof ZPasskeyRegistration>;
const PASSKEY_ERRORS = { 400: 'INVALID_PASSKEY', 401: ['INVALID_CHALLENGE', 'UNKNOWN_PASSKEY'] } as const;
const ZPolicyReply = z.object({ data: z.object({ policy: ZMfaPolicy }) });

export const mfaRoutes = {
  /** The second step of signing in: the challenge token and a code open the session. */
  verify: apiRoute({
    method: 'POST',
    path: '/auth/mfa/verify',
    body: z.object({ mfaToken: ZMfaToken, code: ZMfaCode }),
    reply: ZMfaLoginReply,
    errors: { 400: 'INVALID_CODE', 401: 'INVALID_TOKEN', 429: 'LOGIN_THROTTLED' },
  }),
  /** Enrolment at sign-in, when the policy asks for a factor the account does not have yet. */
  enrolStart: apiRoute({
    method: 'POST',
    path: '/auth/mfa/enrol',
    body: ZMfaTokenRequest,
    reply: ZTotpEnrolmentReply,
    errors: { 401: 'INVALID_TOKEN' },
  }),
  enrolConfirm: apiRoute({
    method: 'POST',
    path: '/auth/mfa/enrol/confirm',
    body: ZConfirmFactorRequest.extend({ mfaToken: ZMfaToken, factorId: ZId }),
    reply: ZMfaLoginReply,
    errors: { 400: 'INVALID_CODE', 401: 'INVALID_TOKEN', 404: 'NOT_FOUND', 429: 'LOGIN_THROTTLED' },
  }),
  /** Enrolment at sign-in with a passkey instead of an authenticator app. */
  enrolPasskeyOptions: apiRoute({
    method: 'POST',
    path: '/auth/mfa/enrol/passkey/options',
    body: ZMfaTokenRequest,
    reply: ZPasskeyOptionsReply,
    errors: { 401: 'INVALID_TOKEN' },
  }),
  enrolPasskey: apiRoute({
    method: 'POST',
    path: '/auth/mfa/enrol/passkey',
    body: z.object({
      mfaToken: ZMfaToken,
      challengeId: ZChallengeId,
      label: ZFactorLabel,
      credential: ZPasskeyRegistration,
    }),
    reply: ZMfaLoginReply,
    errors: { 400: 'INVALID_PASSKEY', 401: ['INVALID_TOKEN', 'INVALID_CHALLENGE'], 409: 'PASSKEY_EXISTS' },
  }),
  /** The second step with a passkey instead of a code: its options for the challenge token's account. */
  passkeyVerifyOptions: apiRoute({
    method: 'POST',
    path: '/auth/mfa/passkey/options',
    body: ZMfaTokenRequest,
    reply: ZPasskeyOptionsReply,
    errors: { 401: 'INVALID_TOKEN', 409: 'NO_PASSKEY' },
  }),
  passkeyVerify: apiRoute({
    method: 'POST',
    path: '/auth/mfa/passkey/verify',
    body: z.object({ mfaToken: ZMfaToken, challengeId: ZChallengeId, credential: ZPasskeyAssertion }),
    reply: ZMfaLoginReply,
    errors: { 400: 'INVALID_PASSKEY', 401: ['INVALID_TOKEN', 'INVALID_CHALLENGE', 'UNKNOWN_PASSKEY'] },
  }),
  /** Signing in with a passkey alone (discoverable credential, user verification): no password, no code. */
  passkeySignInOptions: apiRoute({ ...FIRST_DOWNLOAD_ROUTES.passkeySignInOptions, reply: ZPasskeyOptionsReply }),
  passkeySignIn: apiRoute({
    ...FIRST_DOWNLOAD_ROUTES.passkeySignIn,
    body: z.object({
      challengeId: ZChallengeId,
      credential: ZPasskeyAssertion,
      remember: z.boolean().optional().default(false),
    }),
    reply: ZMfaLoginReply,
    errors: { ...PASSKEY_ERRORS, 403: ['ACCOUNT_INACTIVE', 'SSO_REQUIRED'] },
  }),
  /** Settings: the account's own factors. */
  factors: apiRoute({ method: 'GET', path: '/mfa/factors', reply: ZFactorsReply }),
  addTotp: apiRoute({ method: 'POST', path: '/mfa/factors/totp', reply: ZTotpEnrolmentReply }),
  confirm: apiRoute({
    method: 'POST',
    path: '/mfa/factors/:id/confirm',
    params: ZIdParams,
    body: ZConfirmFactorRequest,
    reply: ZConfirmFactorReply,
    errors: { 400: 'INVALID_CODE', 404: 'NOT_FOUND', 429: 'LOGIN_THROTTLED' },
  }),
  /** Settings: a new passkey, in two steps (the browser's ceremony between them). */
  passkeyRegistrationOptions: apiRoute({
    method: 'POST',
    path: '/mfa/factors/passkey/options',
    reply: ZPasskeyOptionsReply,
  }),
  addPasskey: apiRoute({
    method: 'POST',
    path: '/mfa/factors/passkey',
    body: z.object({ challengeId: ZChallengeId, label: ZFactorLabel, credential: ZPasskeyRegistration }),
    reply: ZConfirmFactorReply,
    errors: { ...PASSKEY_ERRORS, 409: 'PASSKEY_EXISTS' },
  }),
  rename: apiRoute({
    method: 'PUT',
    path: '/mfa/factors/:id',
    params: ZIdParams,
    body: z.object({ label: ZFactorLabel }),
    reply: z.object({ data: z.object({ factor: ZMfaFactor }) }),
    errors: { 404: 'NOT_FOUND' },
  }),
  remove: apiRoute({
    method: 'POST',
    path: '/mfa/factors/:id/remove',
    params: ZIdParams,
    body: ZRemoveFactorRequest,
    reply: ZOkReply,
    errors: {
      400: ['INVALID_CODE', 'INVALID_PASSWORD'],
      404: 'NOT_FOUND',
      409: 'MFA_REQUIRED_BY_POLICY',
      429: 'LOGIN_THROTTLED',
    },
  }),
  /** Ten new recovery codes; the old ones stop working. Asks the password, like removing a factor. */
  renewRecoveryCodes: apiRoute({
    method: 'POST',
    path: '/mfa/recovery-codes',
    body: z.object({ password: ZPasswordInput }),
    reply: z.object({ data: z.object({ recoveryCodes: z.array(z.string()) }) }),
    errors: { 400: 'INVALID_PASSWORD', 409: 'NO_FACTOR' },
  }),
  /** Administration, beside the password policy. */
  policy: apiRoute({ method: 'GET', path: '/mfa/policy', reply: ZPolicyReply }),
  setPolicy: apiRoute({
    method: 'PUT',
    path: '/mfa/policy',
    body: z.object({ policy: ZMfaPolicy }),
    reply: ZPolicyReply,
  }),
  /** An Admin removes a user's factors (a lost phone); the user enrols again at the next sign-in if required. */
  resetUser: apiRoute({
    method: 'POST',
    path: '/user/:id/mfa/reset',
    params: ZIdParams,
    reply: ZOkReply,
    errors: { 404: 'NOT_FOUND' },
  }),
} as const;
