import { webcrypto } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens: short-lived HS256 JWTs. The algorithm is pinned and the `typ` claim checked, so a token of
 * another kind (or `alg: none`) is never accepted as an access token.
 */
export type AccessClaims = { sub: string; role: string; sid: string };

const ALG = 'HS256';
const ACCESS_TYP = 'access';

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * The secret's HMAC key, imported once per secret: jose imports a raw secret again for every token, which cost
 * as much main-thread time as checking the token (bench/restart-storm: 2,000 handshakes at once).
 */
function keyOf(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/** A token of one kind: `payload` carries its `typ`, the subject and the expiry go beside it. */
async function signToken(secret: string, payload: JWTPayload, sub: string, ttlSeconds: number): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await keyOf(secret));
}

/** The payload of a valid, unexpired token of ours of kind `typ` with a subject; null for anything else. */
async function verifiedPayload(
  secret: string,
  token: string,
  typ: string,
): Promise<(JWTPayload & { sub: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALG] });
    return payload.typ === typ && typeof payload.sub === 'string' ? { ...payload, sub: payload.sub } : null;
  } catch {
    return null;
  }
}

export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return signToken(secret, { role: claims.role, sid: claims.sid, typ: ACCESS_TYP }, claims.sub, ttlSeconds);
}

/** Returns the claims, or null for anything that is not a valid, unexpired access token of ours. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const payload = await verifiedPayload(secret, token, ACCESS_TYP);
  return payload && { sub: payload.sub, role: String(payload.role ?? ''), sid: String(payload.sid ?? '') };
}

const TEMP_TYP = 'temp';
export const TEMP_TOKEN_TTL_S = 30 * 60;

/** Temporary tokens carry an unverified user through the confirm screens; they open no session. */
export async function signTempToken(secret: string, userId: string): Promise<string> {
  return signToken(secret, { typ: TEMP_TYP }, userId, TEMP_TOKEN_TTL_S);
}

export async function verifyTempToken(secret: string, token: string): Promise<string | null> {
  return (await verifiedPayload(secret, token, TEMP_TYP))?.sub ?? null;
}

const MEDIA_TYP = 'media';
export type MediaClaims = { sub: string; call: string; room: string; tab: string };

/** A media token: admits one accepted participant's tab to one call's media room, for a few minutes. */
export async function signMediaToken(secret: string, claims: MediaClaims, ttlSeconds: number): Promise<string> {
  const { sub, call, room, tab } = claims;
  return signToken(secret, { call, room, tab, typ: MEDIA_TYP }, sub, ttlSeconds);
}

export async function verifyMediaToken(secret: string, token: string): Promise<MediaClaims | null> {
  const payload = await verifiedPayload(secret, token, MEDIA_TYP);
  return (
    payload && { sub: payload.sub, call: String(payload.call), room: String(payload.room), tab: String(payload.tab) }
  );
}

const MFA_TYP = 'mfa';
/** The step between a right password and the second factor: enough to type a code, or to enrol one. */
export const MFA_TOKEN_TTL_S = 10 * 60;
export type MfaClaims = { sub: string; remember: boolean };

/** A challenge token: proves the password was right a moment ago; it opens no session by itself. */
export async function signMfaToken(secret: string, claims: MfaClaims): Promise<string> {
  return signToken(secret, { typ: MFA_TYP, rem: claims.remember }, claims.sub, MFA_TOKEN_TTL_S);
}

export async function verifyMfaToken(secret: string, token: string): Promise<MfaClaims | null> {
  const payload = await verifiedPayload(secret, token, MFA_TYP);
  return payload && { sub: payload.sub, remember: payload.rem === true };
}
