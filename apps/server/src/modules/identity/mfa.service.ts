import { createHmac } from 'node:crypto';
import { MFA_CODES, type TMfaFactor, type TMfaPolicy, type TTotpEnrolment } from '@rounds/contracts/mfa';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import type { MessageCrypto } from '../../lib/message-crypto';
import { verifyPassword } from '../../lib/passwords';
import type { TextKey } from '../../lib/texts';
import { MFA_TOKEN_TTL_S, signMfaToken, verifyMfaToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.service';
import { clearCodeFailures, codeBlockedMs, recordCodeFailure } from '../auth/login-throttle';
import { readSetting, writeSetting } from '../settings/settings.service';
import { findUser, type UserRow } from '../users/users.store';
import {
  isTotpCode,
  mfaRequiredFor,
  newRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  signInStep,
} from './mfa.rules';
import {
  confirmedFactors,
  confirmFactor,
  deleteAllFactors,
  deleteFactor,
  type FactorRow,
  findFactor,
  hasConfirmedFactor,
  insertPendingFactor,
  markFactorUsed,
  recoveryCodesLeft,
  renameFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from './mfa.store';

/**
 * Multi-factor sign-in (issue 26): TOTP authenticators and recovery codes. The seed is sealed with the server's
 * key (the message key) and leaves the server only in the enrolment reply; recovery codes are kept as keyed
 * hashes. What opens a session after a right code is auth's (the routes compose the two).
 */
export type MfaDeps = {
  db: Db;
  jwtSecret: string;
  crypto: MessageCrypto;
  /** The server's public address (PUBLIC_URL): a passkey's relying party and origin (passkeys.service). */
  publicUrl: string;
};

const ISSUER = 'Rounds';
/** One step either side of now: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_S = 30;

export const fail = (status: number, code: string, key: TextKey, extra: Record<string, unknown> = {}, vars = {}) =>
  new AppError(status, code, key, extra, vars);

function throttled(blockedMs: number): AppError {
  const seconds = Math.ceil(blockedMs / 1000);
  return seconds <= 120
    ? fail(429, 'LOGIN_THROTTLED', 'loginThrottledSeconds', { retryAfter: seconds }, { n: seconds })
    : fail(429, 'LOGIN_THROTTLED', 'loginThrottledMinutes', { retryAfter: seconds }, { n: Math.ceil(seconds / 60) });
}

const hashRecoveryCode = (secret: string, code: string) =>
  createHmac('sha256', secret)
    .update(`mfa-recovery:${normalizeRecoveryCode(code)}`)
    .digest('hex');

export const toFactor = (row: FactorRow): TMfaFactor => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

export const mfaPolicy = (db: Db): Promise<TMfaPolicy> => readSetting(db, 'mfaPolicy');

export async function setMfaPolicy(db: Db, actor: AuthContext, policy: TMfaPolicy, ip: string | null) {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, 'mfaPolicy', policy);
    await writeAudit(trx, { userId: actor.userId, event: 'multi-factor policy changed', ip, details: { policy } });
  });
  return policy;
}

const requiredFor = async (db: Db, user: Pick<UserRow, 'role'>) => mfaRequiredFor(await mfaPolicy(db), user.role);

/**
 * After a right password: null when the password is enough, else the refusal that carries the challenge token
 * (a code to type, or an authenticator to enrol first). The password alone never opens a session here.
 */
export async function secondStep(deps: MfaDeps, user: UserRow, remember: boolean): Promise<AppError | null> {
  const factors = await confirmedFactors(deps.db, user.id);
  const step = signInStep({ hasFactor: factors.length > 0, required: await requiredFor(deps.db, user) });
  if (step === 'session') return null;
  const mfaToken = await signMfaToken(deps.jwtSecret, { sub: user.id, remember });
  // A passkey counts as a factor (an Admin with only a passkey meets the policy); the page offers it.
  const passkey = factors.some((f) => f.kind === 'passkey');
  return step === 'code'
    ? fail(403, MFA_CODES.required, 'mfaRequired', { mfaToken, passkey })
    : fail(403, MFA_CODES.enrolmentRequired, 'mfaEnrolmentRequired', { mfaToken });
}

/** The account a challenge token stands for, still able to sign in. */
export async function userOfMfaToken(deps: MfaDeps, token: string): Promise<{ user: UserRow; remember: boolean }> {
  const claims = await verifyMfaToken(deps.jwtSecret, token);
  const user = claims ? await findUser(deps.db, { id: claims.sub }) : undefined;
  if (!claims || !user || user.active !== 1) throw fail(401, 'INVALID_TOKEN', 'mfaInvalidToken');
  return { user, remember: claims.remember };
}

async function totpMatches(secret: string, code: string): Promise<boolean> {
  try {
    const result = await verify({ secret, token: code.replace(/\s/g, ''), epochTolerance: TOLERANCE_S });
    return result.valid;
  } catch {
    return false;
  }
}

/** Each wrong code counts like a wrong password; the fifth and later ones make the account wait. */
async function wrongCode(deps: MfaDeps, userId: string, ip: string | null): Promise<AppError> {
  const { blockedMs } = await recordCodeFailure(deps.db, userId);
  await writeAudit(deps.db, { userId, event: 'second factor failed', ip });
  return blockedMs > 0 ? throttled(blockedMs) : fail(400, 'INVALID_CODE', 'mfaInvalidCode');
}

async function assertNotThrottled(deps: MfaDeps, userId: string): Promise<void> {
  const blockedMs = await codeBlockedMs(deps.db, userId);
  if (blockedMs > 0) throw throttled(blockedMs);
}

/**
 * Checks a sign-in code: six digits against each authenticator, anything else as a recovery code, spent once.
 * Throws INVALID_CODE, or LOGIN_THROTTLED once five wrong codes were typed.
 */
export async function checkCode(deps: MfaDeps, userId: string, code: string, ip: string | null): Promise<void> {
  await assertNotThrottled(deps, userId);
  const now = Date.now();
  if (isTotpCode(code)) {
    for (const factor of await confirmedFactors(deps.db, userId)) {
      if (factor.kind === 'totp' && (await totpMatches(deps.crypto.open(factor.secret_sealed), code))) {
        await markFactorUsed(deps.db, factor.id, now);
        await clearCodeFailures(deps.db, userId);
        return;
      }
    }
    throw await wrongCode(deps, userId, ip);
  }
  const spent = await deps.db.transaction().execute(async (trx) => {
    if (!(await spendRecoveryCode(trx, userId, hashRecoveryCode(deps.jwtSecret, code), now))) return false;
    await writeAudit(trx, { userId, event: 'recovery code used', ip });
    return true;
  });
  if (!spent) throw await wrongCode(deps, userId, ip);
  await clearCodeFailures(deps.db, userId);
}

/** Starts an enrolment: a fresh seed, sealed at rest, shown this once with its QR code. */
export async function startTotp(deps: MfaDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<TTotpEnrolment> {
  const secret = generateSecret();
  const factorId = await insertPendingFactor(deps.db, {
    userId: user.id,
    label: ISSUER,
    secretSealed: deps.crypto.seal(secret),
    now: Date.now(),
  });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return { factorId, secret, otpauthUrl, qrCode };
}

async function newRecoveryCodes(deps: MfaDeps, trx: Db, userId: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => hashRecoveryCode(deps.jwtSecret, c)),
    now,
  );
  return codes;
}

/**
 * The enrolment's first code proves the app holds the seed; then the factor counts. The first factor of an
 * account brings its ten recovery codes.
 */
export async function confirmTotp(
  deps: MfaDeps,
  userId: string,
  input: { factorId: string; code: string; label: string },
  ip: string | null,
): Promise<{ factor: TMfaFactor; recoveryCodes: string[] | null }> {
  const pending = await findFactor(deps.db, userId, input.factorId);
  if (!pending || pending.confirmed_at !== null) throw notFound('mfaFactorNotFound');
  const now = Date.now();
  if (Number(pending.created_at) + MFA_TOKEN_TTL_S * 1000 < now) throw fail(400, 'EXPIRED_CODE', 'mfaEnrolmentExpired');
  await assertNotThrottled(deps, userId);
  if (!isTotpCode(input.code) || !(await totpMatches(deps.crypto.open(pending.secret_sealed), input.code)))
    throw await wrongCode(deps, userId, ip);
  await clearCodeFailures(deps.db, userId);
  const recoveryCodes = await withNewFactor(deps, { userId, label: input.label, kind: 'totp', ip }, (trx) =>
    confirmFactor(trx, pending.id, input.label, now),
  );
  return { factor: toFactor((await findFactor(deps.db, userId, pending.id))!), recoveryCodes };
}

/**
 * Stores a factor just proven (an authenticator's first code, a passkey's attestation) in one transaction with
 * its user log; the first factor of an account brings its ten recovery codes, returned to be shown once.
 */
export async function withNewFactor(
  deps: MfaDeps,
  o: { userId: string; label: string; kind: FactorRow['kind']; ip: string | null },
  store: (trx: Db) => Promise<unknown>,
): Promise<string[] | null> {
  return deps.db.transaction().execute(async (trx) => {
    const first = !(await hasConfirmedFactor(trx, o.userId));
    await store(trx);
    await writeAudit(trx, {
      userId: o.userId,
      event: 'second factor added',
      ip: o.ip,
      details: { label: o.label, kind: o.kind },
    });
    return first ? newRecoveryCodes(deps, trx, o.userId, Date.now()) : null;
  });
}

export async function listFactors(deps: MfaDeps, auth: AuthContext) {
  const user = (await findUser(deps.db, { id: auth.userId }))!;
  return {
    factors: (await confirmedFactors(deps.db, auth.userId)).map(toFactor),
    recoveryCodesLeft: await recoveryCodesLeft(deps.db, auth.userId),
    required: await requiredFor(deps.db, user),
  };
}

export async function renameOwnFactor(deps: MfaDeps, auth: AuthContext, id: string, label: string, ip: string | null) {
  const renamed = await deps.db.transaction().execute(async (trx) => {
    if (!(await renameFactor(trx, auth.userId, id, label))) return false;
    await writeAudit(trx, { userId: auth.userId, event: 'second factor renamed', ip, details: { label } });
    return true;
  });
  if (!renamed) throw notFound('mfaFactorNotFound');
  return toFactor((await findFactor(deps.db, auth.userId, id))!);
}

/** The password, or a code of the account's factors: what a session left open must not be enough for. */
async function assertProof(
  deps: MfaDeps,
  user: UserRow,
  proof: { password?: string; code?: string },
  ip: string | null,
): Promise<void> {
  if (proof.code !== undefined) return checkCode(deps, user.id, proof.code, ip);
  if (!(await verifyPassword(user.password_hash, proof.password ?? '')))
    throw fail(400, 'INVALID_PASSWORD', 'wrongCurrentPassword', { field: 'password' });
}

export async function removeOwnFactor(
  deps: MfaDeps,
  auth: AuthContext,
  id: string,
  proof: { password?: string; code?: string },
  ip: string | null,
): Promise<void> {
  const user = (await findUser(deps.db, { id: auth.userId }))!;
  const factor = await findFactor(deps.db, auth.userId, id);
  if (!factor || factor.confirmed_at === null) throw notFound('mfaFactorNotFound');
  const others = (await confirmedFactors(deps.db, auth.userId)).filter((f) => f.id !== id);
  if (others.length === 0 && (await requiredFor(deps.db, user)))
    throw fail(409, 'MFA_REQUIRED_BY_POLICY', 'mfaLastFactorRequired');
  await assertProof(deps, user, proof, ip);
  await deps.db.transaction().execute(async (trx) => {
    // The last factor takes the recovery codes with it: they would be a second factor of nothing.
    if (others.length === 0) await deleteAllFactors(trx, auth.userId);
    else await deleteFactor(trx, auth.userId, id);
    await writeAudit(trx, {
      userId: auth.userId,
      event: 'second factor removed',
      ip,
      details: { label: factor.label },
    });
  });
}

export async function renewOwnRecoveryCodes(
  deps: MfaDeps,
  auth: AuthContext,
  password: string,
  ip: string | null,
): Promise<string[]> {
  const user = (await findUser(deps.db, { id: auth.userId }))!;
  if (!(await hasConfirmedFactor(deps.db, user.id))) throw fail(409, 'NO_FACTOR', 'mfaNoFactor');
  await assertProof(deps, user, { password }, ip);
  return deps.db.transaction().execute(async (trx) => {
    const codes = await newRecoveryCodes(deps, trx, user.id, Date.now());
    await writeAudit(trx, { userId: user.id, event: 'recovery codes renewed', ip });
    return codes;
  });
}

/** An Admin removes a user's factors and recovery codes (a lost phone), in the user's log with who did it. */
export async function resetUserFactors(deps: MfaDeps, actor: AuthContext, userId: string, ip: string | null) {
  const user = await findUser(deps.db, { id: userId });
  if (!user) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    const removed = await deleteAllFactors(trx, userId);
    await writeAudit(trx, { userId, event: 'second factors reset', ip, details: { by: actor.userId, removed } });
  });
  await clearCodeFailures(deps.db, userId);
}

/**
 * A confirmed authenticator with a seed chosen by the caller, without recovery codes: only for the demo
 * hospital (ops/seed-demo-factors.ts), whose seed is published like its password. Never for a real account.
 */
export async function enrolKnownTotp(deps: MfaDeps, userId: string, secret: string, label: string): Promise<void> {
  const now = Date.now();
  await deps.db.transaction().execute(async (trx) => {
    const id = await insertPendingFactor(trx, { userId, label, secretSealed: deps.crypto.seal(secret), now });
    await confirmFactor(trx, id, label, now);
  });
}
