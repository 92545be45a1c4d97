import { randomBytes } from 'node:crypto';
import type { TMfaFactor, TPasskeyAssertion, TPasskeyOptions, TPasskeyRegistration } from '@rounds/contracts/mfa';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { writeAudit } from '../audit/audit.service';
import { findUser, type UserRow } from '../users/users.store';
import { passkeyRelyingParty } from './mfa.rules';
import { fail, type MfaDeps, toFactor, withNewFactor } from './mfa.service';
import { findFactor } from './mfa.store';
import {
  advanceCounter,
  type ChallengeRow,
  insertChallenge,
  insertPasskey,
  passkeyByCredential,
  takeChallenge,
  userPasskeys,
} from './passkeys.store';

/** WebAuthn's library (and its X.509 and CBOR stack, some 150 modules) is loaded by the first passkey request. */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Passkeys (issue 26) with @simplewebauthn/server: registered in Settings as a factor beside authenticator
 * apps, used instead of a code at the second step, or alone to sign in without a password (a discoverable
 * credential with user verification is two factors in itself: the device and its unlock). Each ceremony's
 * challenge is a row the browser names by a random handle: single-use, five minutes, bound to its purpose and
 * (but for the sign-in without a password) to one account. The signature counter is checked and stored.
 */
const RP_NAME = 'Rounds';
/** The browser's prompt waits two minutes; the challenge outlives it a little, no more. */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
const CHALLENGE_TTL_MS = 5 * 60_000;
/** EdDSA, ES256, RS256: what platform authenticators and security keys use (a fixed list, the same both ways). */
const ALGORITHMS = [-8, -7, -257];

type Purpose = ChallengeRow['purpose'];

const challengeExpired = () => fail(401, 'INVALID_CHALLENGE', 'passkeyChallengeExpired');
const unknownPasskey = () => fail(401, 'UNKNOWN_PASSKEY', 'passkeyUnknown');

/** The user handle a passkey carries: the account's id (no name, no email: it is stored on the device). */
const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8');

async function newChallenge(
  deps: MfaDeps,
  o: { purpose: Purpose; userId: string | null; challenge: string },
): Promise<string> {
  const now = Date.now();
  const id = randomBytes(32).toString('base64url');
  await insertChallenge(
    deps.db,
    {
      id,
      purpose: o.purpose,
      user_id: o.userId,
      challenge: o.challenge,
      expires_at: now + CHALLENGE_TTL_MS,
    },
    now,
  );
  return id;
}

/** The challenge this handle names, spent now; refused unless it is live, of this purpose and this account. */
async function spendChallenge(deps: MfaDeps, id: string, purpose: Purpose, userId: string | null) {
  const row = await takeChallenge(deps.db, id);
  if (!row || row.purpose !== purpose || row.user_id !== userId || Number(row.expires_at) < Date.now())
    throw challengeExpired();
  return row;
}

/** Settings: the browser's options for a new passkey on this account (none it already has). */
export async function registrationOptions(deps: MfaDeps, user: UserRow): Promise<TPasskeyOptions> {
  const { rpID } = passkeyRelyingParty(deps.publicUrl);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (await userPasskeys(deps.db, user.id)).map((p) => ({ id: p.credential_id! })),
    // Discoverable and verified: the same passkey can later sign in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const challengeId = await newChallenge(deps, { purpose: 'register', userId: user.id, challenge: options.challenge });
  return { challengeId, options: { ...options } };
}

/** Settings: the browser's new credential, checked against its challenge, stored as a factor. */
export async function addPasskey(
  deps: MfaDeps,
  userId: string,
  input: { challengeId: string; label: string; credential: TPasskeyRegistration },
  ip: string | null,
): Promise<{ factor: TMfaFactor; recoveryCodes: string[] | null }> {
  const row = await spendChallenge(deps, input.challengeId, 'register', userId);
  const { rpID, origin } = passkeyRelyingParty(deps.publicUrl);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await (await webauthn()).verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw await refused(deps, userId, ip, error);
  }
  if (!verified.verified) throw await refused(deps, userId, ip, null);
  const { credential } = verified.registrationInfo;
  if (await passkeyByCredential(deps.db, credential.id)) throw fail(409, 'PASSKEY_EXISTS', 'passkeyExists');
  let factorId = '';
  const recoveryCodes = await withNewFactor(deps, { userId, label: input.label, kind: 'passkey', ip }, async (trx) => {
    factorId = await insertPasskey(
      trx,
      {
        userId,
        label: input.label,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      Date.now(),
    );
  });
  return { factor: toFactor((await findFactor(deps.db, userId, factorId))!), recoveryCodes };
}

/** A refusal in the account's log (when the account is known), then the one answer: the passkey failed. */
async function refused(deps: MfaDeps, userId: string | null, ip: string | null, error: unknown) {
  const reason = error instanceof Error ? error.message.slice(0, 200) : 'not verified';
  await writeAudit(deps.db, { userId, event: 'passkey refused', ip, details: { reason } });
  return fail(400, 'INVALID_PASSKEY', 'passkeyRefused');
}

/** The second step: options naming this account's passkeys. */
export async function secondFactorOptions(deps: MfaDeps, user: UserRow): Promise<TPasskeyOptions> {
  const passkeys = await userPasskeys(deps.db, user.id);
  if (passkeys.length === 0) throw fail(409, 'NO_PASSKEY', 'mfaNoPasskey');
  const { rpID } = passkeyRelyingParty(deps.publicUrl);
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id!, transports: JSON.parse(p.transports ?? '[]') })),
    // After a right password the passkey is the second factor: its presence is what counts.
    userVerification: 'preferred',
  });
  const challengeId = await newChallenge(deps, {
    purpose: 'second-factor',
    userId: user.id,
    challenge: options.challenge,
  });
  return { challengeId, options: { ...options } };
}

/** Sign-in without a password: options for any passkey of this site the device holds. */
export async function signInOptions(deps: MfaDeps): Promise<TPasskeyOptions> {
  const { rpID } = passkeyRelyingParty(deps.publicUrl);
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  const challengeId = await newChallenge(deps, { purpose: 'sign-in', userId: null, challenge: options.challenge });
  return { challengeId, options: { ...options } };
}

/**
 * Checks an assertion against its spent challenge and the stored credential (origin, RP ID, signature, user
 * verification when asked, a counter that moved forward), then stores the new counter. Returns the passkey.
 */
async function checkAssertion(
  deps: MfaDeps,
  challenge: ChallengeRow,
  credential: TPasskeyAssertion,
  o: { userId: string | null; requireUserVerification: boolean; ip: string | null },
) {
  const passkey = await passkeyByCredential(deps.db, credential.id);
  // Another account's passkey at this account's second step is answered like an unknown one.
  if (!passkey || (o.userId !== null && passkey.user_id !== o.userId)) throw unknownPasskey();
  const handle = credential.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(passkey.user_id).toString('base64url'))
    throw await refused(deps, passkey.user_id, o.ip, null);
  const { rpID, origin } = passkeyRelyingParty(deps.publicUrl);
  const counter = Number(passkey.sign_count ?? 0);
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await (await webauthn()).verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id!,
        publicKey: Buffer.from(passkey.public_key!, 'base64url'),
        counter,
        transports: JSON.parse(passkey.transports ?? '[]'),
      },
      requireUserVerification: o.requireUserVerification,
    });
  } catch (error) {
    throw await refused(deps, passkey.user_id, o.ip, error);
  }
  if (!result.verified) throw await refused(deps, passkey.user_id, o.ip, null);
  if (!(await advanceCounter(deps.db, passkey.id, counter, result.authenticationInfo.newCounter, Date.now())))
    throw await refused(deps, passkey.user_id, o.ip, new Error('counter raced'));
  return passkey;
}

/** The second step answered by one of the account's passkeys. */
export async function verifySecondFactor(
  deps: MfaDeps,
  user: UserRow,
  input: { challengeId: string; credential: TPasskeyAssertion },
  ip: string | null,
): Promise<void> {
  const challenge = await spendChallenge(deps, input.challengeId, 'second-factor', user.id);
  await checkAssertion(deps, challenge, input.credential, { userId: user.id, requireUserVerification: false, ip });
}

/**
 * Sign-in without a password: the passkey names its account; user verification is required, so the sign-in
 * meets the multi-factor policy on its own. Whether the account may sign in at all is auth's (`maySignIn`).
 */
export async function signInWithPasskey(
  deps: MfaDeps,
  input: { challengeId: string; credential: TPasskeyAssertion; remember: boolean },
  ip: string | null,
  /** Auth's checks of the account (active, not kept to single sign-on): they refuse by throwing. */
  maySignIn: (user: UserRow) => Promise<void>,
): Promise<{ user: UserRow; remember: boolean }> {
  const challenge = await spendChallenge(deps, input.challengeId, 'sign-in', null);
  const passkey = await checkAssertion(deps, challenge, input.credential, {
    userId: null,
    requireUserVerification: true,
    ip,
  });
  const user = await findUser(deps.db, { id: passkey.user_id });
  if (!user) throw unknownPasskey();
  await maySignIn(user);
  await writeAudit(deps.db, { userId: user.id, event: 'passkey sign-in', ip, details: { label: passkey.label } });
  return { user, remember: input.remember };
}
