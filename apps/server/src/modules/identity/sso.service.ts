import { createHash, randomBytes } from 'node:crypto';
import type { TLanguage } from '@rounds/contracts/common';
import type { TSsoError } from '@rounds/contracts/sso';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Server } from 'socket.io';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { MessageCrypto } from '../../lib/message-crypto';
import { disconnectSessions } from '../../realtime/publish';
import { writeAudit } from '../audit/audit.service';
import { revokeSessions } from '../auth/sessions.store';
import { bumpDirectory } from '../contacts/staff-directory';
import { readSetting, writeSetting } from '../settings/settings.service';
import {
  findUser,
  insertLinks,
  insertUsers,
  NO_PASSWORD,
  replaceLinkKind,
  setUser,
  type UserRow,
  updateIdentity,
} from '../users/users.store';
import {
  profileFromClaims,
  SSO_REFERENCE_KINDS,
  type SsoMapping,
  type SsoProfile,
  type SsoReferenceKind,
} from './sso.rules';
import {
  ATTEMPT_TTL_MS,
  findAttempt,
  insertAttempt,
  insertLink,
  insertReferenceItem,
  insertSsoSession,
  linkedUserId,
  linkIdsOf,
  referenceIdsByName,
  ssoSessionOf,
  ssoSessionsFor,
  useAttempt,
  userHasLink,
} from './sso.store';
import type { SsoClient } from './sso-client';

export type SsoCtx = { ip: string | null; userAgent: string | null; lang: TLanguage };

/**
 * What single sign-on needs: the database, the sockets to close, the server's key (the PKCE verifier and the
 * ID token are sealed at rest), the provider's client, the claim mapping, and the password sign-in's way of
 * opening a session (modules/auth), so an SSO session is the same session with the same refresh machinery.
 */
export type SsoDeps = {
  db: Kysely<Database>;
  io: Server;
  crypto: MessageCrypto;
  log: FastifyBaseLogger;
  client: SsoClient | null;
  mapping: SsoMapping;
  unknownReference: 'refuse' | 'create';
  openSession: (
    user: UserRow,
    remember: boolean,
    ctx: SsoCtx,
    within: (trx: Transaction<Database>, sessionId: string) => Promise<void>,
  ) => Promise<{ refreshToken: string; refreshExpiresAt: number; remember: boolean }>;
};

/** A refusal of a sign-in through the provider: the login page says why; the user log says more. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: TSsoError,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/**
 * An error as the user log keeps it: openid-client's OAuth error code (invalid_grant) when there is one, and
 * what its cause says (which claim was wrong: nonce, iss, aud).
 */
const describeError = (error: unknown) => {
  const oauth = (error as { error?: unknown }).error;
  const cause = (error as { cause?: unknown }).cause;
  return `${typeof oauth === 'string' ? `${oauth}: ` : ''}${String(error)}${cause instanceof Error ? ` (${cause.message})` : ''}`;
};

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const random = () => randomBytes(32).toString('base64url');

const TABLES: Record<SsoReferenceKind, 'facilities' | 'departments' | 'professions' | 'specialties'> = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
};

async function refuse(deps: SsoDeps, refusal: SsoRefusal, ctx: SsoCtx, userId: string | null = null) {
  deps.log.warn({ code: refusal.code, detail: refusal.detail }, 'single sign-on refused');
  await writeAudit(deps.db, {
    userId,
    event: 'sso sign-in refused',
    ip: ctx.ip,
    details: { reason: refusal.code, detail: refusal.detail.slice(0, 300) },
  });
  return refusal;
}

export async function ssoStatus(deps: SsoDeps) {
  const only = await readSetting(deps.db, 'ssoOnly');
  if (!deps.client) return { enabled: false, label: '', available: false, only: false };
  return { enabled: true, label: deps.client.settings.label, available: await deps.client.available(), only };
}

/**
 * The first leg: a fresh state, nonce and PKCE verifier, kept server-side under the state's hash and bound to
 * this browser by a random cookie (a callback carried to another browser is refused: no login CSRF).
 * Answers the provider's authorization URL and the cookie's value.
 */
export async function startSso(deps: SsoDeps, remember: boolean, ctx: SsoCtx) {
  if (!deps.client) throw await refuse(deps, new SsoRefusal('SSO_UNAVAILABLE', 'not configured'), ctx);
  const state = random();
  const nonce = random();
  const verifier = random();
  const browser = random();
  let url: URL;
  try {
    if (!(await deps.client.available())) throw new Error('provider unreachable');
    url = await deps.client.authorizationUrl({ state, nonce, verifier });
  } catch (error) {
    throw await refuse(deps, new SsoRefusal('SSO_UNAVAILABLE', describeError(error)), ctx);
  }
  await insertAttempt(deps.db, {
    stateHash: sha256(state),
    browserHash: sha256(browser),
    verifier: deps.crypto.seal(verifier),
    nonce,
    remember,
  });
  return { url: url.toString(), browser };
}

/**
 * The provider's callback: the state must be one this server issued to this browser, unused and fresh; it is
 * spent before the code is exchanged, so a replay finds it used. Then the account is found, linked or created
 * from the claims in one transaction, and a Rounds session opens.
 */
export async function finishSso(
  deps: SsoDeps,
  o: { search: string; state?: string; error?: string; browser?: string },
  ctx: SsoCtx,
) {
  const client = deps.client;
  if (!client) throw await refuse(deps, new SsoRefusal('SSO_UNAVAILABLE', 'not configured'), ctx);
  if (!o.state) throw await refuse(deps, new SsoRefusal('SSO_INVALID', 'no state'), ctx);
  const stateHash = sha256(o.state);
  const attempt = await findAttempt(deps.db, stateHash);
  if (!attempt) throw await refuse(deps, new SsoRefusal('SSO_INVALID', 'unknown state'), ctx);
  if (attempt.used_at !== null || !(await useAttempt(deps.db, stateHash)))
    throw await refuse(deps, new SsoRefusal('SSO_INVALID', 'state already used (replay)'), ctx);
  if (!o.browser || sha256(o.browser) !== attempt.browser_hash)
    throw await refuse(deps, new SsoRefusal('SSO_INVALID', 'state of another browser'), ctx);
  if (attempt.created_at < Date.now() - ATTEMPT_TTL_MS)
    throw await refuse(deps, new SsoRefusal('SSO_INVALID', 'state expired'), ctx);
  if (o.error) throw await refuse(deps, new SsoRefusal('SSO_DENIED', `provider answered ${o.error}`), ctx);

  let claims: Record<string, unknown>;
  let idToken: string;
  try {
    ({ claims, idToken } = await client.exchange(o.search, {
      state: o.state,
      nonce: attempt.nonce,
      verifier: deps.crypto.open(attempt.verifier),
    }));
  } catch (error) {
    const unreachable = error instanceof TypeError || /fetch failed|ECONNREFUSED|timeout|abort/i.test(String(error));
    throw await refuse(
      deps,
      new SsoRefusal(unreachable ? 'SSO_UNAVAILABLE' : 'SSO_INVALID', describeError(error)),
      ctx,
    );
  }
  const read = profileFromClaims(claims, deps.mapping);
  if (!read.ok) throw await refuse(deps, new SsoRefusal(read.reason, 'claims'), ctx);
  const profile = read.profile;

  let user: UserRow;
  try {
    user = await deps.db.transaction().execute((trx) => provision(deps, trx, client.settings.issuer, profile, ctx));
  } catch (error) {
    if (error instanceof SsoRefusal) throw await refuse(deps, error, ctx);
    throw error;
  }
  if (user.active !== 1 || user.deleted === 1)
    throw await refuse(deps, new SsoRefusal('SSO_ACCOUNT_INACTIVE', 'inactive account'), ctx, user.id);

  const session = await deps.openSession(user, attempt.remember === 1, ctx, (trx, sessionId) =>
    insertSsoSession(trx, {
      sessionId,
      userId: user.id,
      issuer: client.settings.issuer,
      subject: profile.subject,
      sid: profile.sid,
      idToken: deps.crypto.seal(idToken),
    }),
  );
  return { user, session };
}

/** Reference names to ids: all found, or created as configured, or the whole sign-in refused. */
async function resolveReference(deps: SsoDeps, trx: Transaction<Database>, profile: SsoProfile) {
  const ids: Partial<Record<SsoReferenceKind, string[]>> = {};
  for (const kind of SSO_REFERENCE_KINDS) {
    const names = profile.reference[kind];
    if (!names) continue;
    const found = await referenceIdsByName(trx, TABLES[kind], names);
    const missing = names.filter((n) => !found.has(n.toLowerCase()));
    if (missing.length > 0 && deps.unknownReference === 'refuse')
      throw new SsoRefusal('SSO_UNKNOWN_REFERENCE', `${kind}: ${missing.join(', ')}`);
    for (const name of missing) found.set(name.toLowerCase(), await insertReferenceItem(trx, TABLES[kind], name));
    ids[kind] = names.map((n) => found.get(n.toLowerCase())!);
  }
  return ids;
}

async function provision(
  deps: SsoDeps,
  trx: Transaction<Database>,
  issuer: string,
  profile: SsoProfile,
  ctx: SsoCtx,
): Promise<UserRow> {
  const ref = await resolveReference(deps, trx, profile);
  const phone = profile.phone
    ? {
        phone: profile.phone.phone,
        phone_country_code: profile.phone.countryCode,
        phone_country_name: profile.phone.countryName,
        phone_verified: 1,
        unverified_phone: null,
        unverified_phone_country_code: null,
        unverified_phone_country_name: null,
      }
    : {};
  const profession = ref.profession ? { profession_id: ref.profession[0] ?? null } : {};

  let userId = await linkedUserId(trx, issuer, profile.subject);
  const byEmail = await findUser(trx, { email: profile.email });
  if (!userId && byEmail) {
    // An account the hospital's provider vouches for by its verified email: linked once, then found by subject.
    if (await userHasLink(trx, byEmail.id, issuer))
      throw new SsoRefusal('SSO_LINK_CONFLICT', 'the account with this email is linked to another subject');
    await insertLink(trx, { issuer, subject: profile.subject, userId: byEmail.id });
    await writeAudit(trx, { userId: byEmail.id, event: 'sso account linked', ip: ctx.ip, details: { issuer } });
    userId = byEmail.id;
  }
  if (!userId) {
    const id = newId();
    await insertUsers(trx, [
      {
        id,
        email: profile.email,
        first_name: profile.firstName,
        last_name: profile.lastName,
        password_hash: NO_PASSWORD,
        email_verified: 1,
        language: ctx.lang,
        role: profile.role ?? 'Regular',
        ...phone,
        ...profession,
      },
    ]);
    await insertLinks(trx, [
      { id, facilityId: ref.facility ?? [], departmentId: ref.department ?? [], specialtyId: ref.specialty ?? [] },
    ]);
    await insertLink(trx, { issuer, subject: profile.subject, userId: id });
    await writeAudit(trx, { userId: id, event: 'sso account created', ip: ctx.ip, details: { issuer } });
    await bumpDirectory(trx, id);
    return (await findUser(trx, { id }))!;
  }

  const before = (await findUser(trx, { id: userId }))!;
  if (byEmail && byEmail.id !== userId)
    throw new SsoRefusal('SSO_LINK_CONFLICT', 'the provider email belongs to another account');
  // What the hospital owns is written again; theme, language, avatar and the rest are the user's.
  const changed: string[] = [];
  if (before.first_name !== profile.firstName) changed.push('firstName');
  if (before.last_name !== profile.lastName) changed.push('lastName');
  if (before.email !== profile.email) changed.push('email');
  if (
    profile.phone &&
    (before.phone !== profile.phone.phone || before.phone_country_code !== profile.phone.countryCode)
  )
    changed.push('phone');
  if (ref.profession && before.profession_id !== (ref.profession[0] ?? null)) changed.push('profession');
  if (profile.role && before.role !== profile.role) changed.push('role');
  const links = await linkIdsOf(trx, userId);
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  for (const [kind, key] of [
    ['facility', 'facilityId'],
    ['department', 'departmentId'],
    ['specialty', 'specialtyId'],
  ] as const) {
    const ids = ref[kind];
    if (ids && !sameSet([...new Set(ids)], links[key])) {
      changed.push(kind);
      await replaceLinkKind(trx, userId, key, ids);
    }
  }
  if (changed.length > 0 || before.email_verified !== 1) {
    await updateIdentity(trx, userId, {
      first_name: profile.firstName,
      last_name: profile.lastName,
      email: profile.email,
      email_verified: 1,
      unverified_email: null,
      ...phone,
      ...profession,
    });
    if (profile.role && before.role !== profile.role) await setUser(trx, userId, { role: profile.role });
    if (changed.length > 0)
      await writeAudit(trx, { userId, event: 'sso account updated', ip: ctx.ip, details: { changed } });
    await bumpDirectory(trx, userId);
  }
  return (await findUser(trx, { id: userId }))!;
}

/** The provider's end-session URL for the Rounds session being logged out, when it was opened through SSO. */
export async function endSessionUrl(deps: SsoDeps, sessionId: string): Promise<string | undefined> {
  if (!deps.client) return undefined;
  const row = await ssoSessionOf(deps.db, sessionId);
  if (!row) return undefined;
  return deps.client.endSessionUrl(deps.crypto.open(row.id_token));
}

/**
 * A back-channel logout: the token checked, then every Rounds session behind the provider session (sid) or
 * the subject ends as logout ends one, its sockets closed at once (and by every process's sweep within 2 s).
 */
export async function backchannelLogout(deps: SsoDeps, logoutToken: string, ip: string | null): Promise<number> {
  const client = deps.client;
  if (!client) throw new SsoRefusal('SSO_UNAVAILABLE', 'not configured');
  let claims: Awaited<ReturnType<SsoClient['verifyLogoutToken']>>;
  try {
    claims = await client.verifyLogoutToken(logoutToken);
  } catch (error) {
    deps.log.warn({ err: String(error) }, 'back-channel logout token refused');
    throw new SsoRefusal('SSO_INVALID', String(error));
  }
  const rows = await ssoSessionsFor(
    deps.db,
    client.settings.issuer,
    claims.sid ? { sid: claims.sid } : { sub: claims.sub },
  );
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const row of rows) {
      const revoked = await revokeSessions(trx, {
        userId: row.user_id,
        reason: 'ssoLogout',
        onlySessionId: row.session_id,
      });
      if (revoked.length > 0)
        await writeAudit(trx, { userId: row.user_id, event: 'sso logout', ip, details: { sessionId: row.session_id } });
      ids.push(...revoked);
    }
    return ids;
  });
  disconnectSessions(deps.io, ended);
  return ended.length;
}

export async function setSsoOnly(deps: SsoDeps, actor: { userId: string; ip: string | null }, ssoOnly: boolean) {
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, 'ssoOnly', ssoOnly);
    await writeAudit(trx, { userId: actor.userId, event: 'sso policy changed', ip: actor.ip, details: { ssoOnly } });
  });
}
