/**
 * The codes of the auth errors (`{ message, code }`), on their own without zod: the web's login page
 * branches on them in its first download, where no schema is wanted. auth.ts re-exports them.
 */
export const AUTH_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  loginThrottled: 'LOGIN_THROTTLED',
  captchaRequired: 'CAPTCHA_REQUIRED',
  accountInactive: 'ACCOUNT_INACTIVE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  invalidCode: 'INVALID_CODE',
  expiredCode: 'EXPIRED_CODE',
  tooManyTries: 'TOO_MANY_TRIES',
  captchaFailed: 'CAPTCHA_FAILED',
  registrationDisabled: 'REGISTRATION_DISABLED',
  emailTaken: 'EMAIL_TAKEN',
  invalidToken: 'INVALID_TOKEN',
  /** A right password, and now the authenticator's code (mfa.ts MFA_CODES). */
  mfaRequired: 'MFA_REQUIRED',
  /** A right password, and now an authenticator to set up first. */
  mfaEnrolmentRequired: 'MFA_ENROLMENT_REQUIRED',
} as const;
