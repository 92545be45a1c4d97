import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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

export async function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sid, typ: ACCESS_TYP })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await keyOf(secret));
}

/** Returns the claims, or null for anything that is not a valid, unexpired access token of ours. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALG] });
    if (payload.typ !== ACCESS_TYP || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, role: String(payload.role ?? ''), sid: String(payload.sid ?? '') };
  } catch {
    return null;
  }
}

const TEMP_TYP = 'temp';
export const TEMP_TOKEN_TTL_S = 30 * 60;

/** Temporary tokens carry an unverified user through the confirm screens; they open no session. */
export async function signTempToken(secret: string, userId: string): Promise<string> {
  return new SignJWT({ typ: TEMP_TYP })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + TEMP_TOKEN_TTL_S)
    .sign(await keyOf(secret));
}

export async function verifyTempToken(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALG] });
    return payload.typ === TEMP_TYP && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

const MEDIA_TYP = 'media';
export type MediaClaims = { sub: string; call: string; room: string; tab: string };

/** A media token: admits one accepted participant's tab to one call's media room, for a few minutes. */
export async function signMediaToken(secret: string, claims: MediaClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ call: claims.call, room: claims.room, tab: claims.tab, typ: MEDIA_TYP })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await keyOf(secret));
}

export async function verifyMediaToken(secret: string, token: string): Promise<MediaClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALG] });
    if (payload.typ !== MEDIA_TYP || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, call: String(payload.call), room: String(payload.room), tab: String(payload.tab) };
  } catch {
    return null;
  }
}

const MFA_TYP = 'mfa';
/** The step between a right password and the second factor: enough to type a code, or to enrol one. */
export const MFA_TOKEN_TTL_S = 10 * 60;
export type MfaClaims = { sub: string; remember: boolean };

/** A challenge token: proves the password was right a moment ago; it opens no session by itself. */
export async function signMfaToken(secret: string, claims: MfaClaims): Promise<string> {
  return new SignJWT({ typ: MFA_TYP, rem: claims.remember })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + MFA_TOKEN_TTL_S)
    .sign(await keyOf(secret));
}

export async function verifyMfaToken(secret: string, token: string): Promise<MfaClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: [ALG] });
    if (payload.typ !== MFA_TYP || typeof payload.sub !== 'string') return null;
    return { sub: payload.sub, remember: payload.rem === true };
  } catch {
    return null;
  }
}
