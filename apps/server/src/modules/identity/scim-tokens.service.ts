import { createHash, randomBytes } from 'node:crypto';
import type { TScimToken } from '@rounds/contracts/scim';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.service';
import { insertToken, liveTokens, revokeToken, setTokenHash, tokenByHash, touchToken } from './scim-tokens.store';

/*
 * The bearer tokens the hospital's directory calls /scim/v2 with (issue 26). 32 random bytes, shown once; only
 * their SHA-256 is kept (a token is as long as a key, so a plain hash suffices and lookups stay one indexed
 * read). Creation, rotation and revocation go in the Admin's user log.
 */

type Deps = { db: Kysely<Database> };
type Actor = { userId: string; ip: string };

/** `rsc_` marks a Rounds SCIM token in a secret scanner's eyes; base64url keeps it header-safe. */
const newSecret = () => `rsc_${randomBytes(32).toString('base64url')}`;
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function listScimTokens({ db }: Deps): Promise<TScimToken[]> {
  return (await liveTokens(db)).map((r) => ({
    id: r.id,
    label: r.label,
    createdAt: Number(r.created_at),
    createdBy: r.first_name === null ? null : { id: r.created_by, firstName: r.first_name, lastName: r.last_name! },
    rotatedAt: r.rotated_at === null ? null : Number(r.rotated_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  }));
}

async function one(deps: Deps, id: string): Promise<TScimToken> {
  const token = (await listScimTokens(deps)).find((t) => t.id === id);
  if (!token) throw notFound('scimTokenNotFound', 'SCIM_TOKEN_NOT_FOUND');
  return token;
}

export async function createScimToken(deps: Deps, actor: Actor, label: string) {
  const id = newId();
  const secret = newSecret();
  await deps.db.transaction().execute(async (trx) => {
    await insertToken(trx, {
      id,
      label,
      token_hash: hashToken(secret),
      created_by: actor.userId,
      created_at: Date.now(),
    });
    await writeAudit(trx, { userId: actor.userId, event: 'scim token created', ip: actor.ip, details: { id, label } });
  });
  return { token: await one(deps, id), secret };
}

export async function rotateScimToken(deps: Deps, actor: Actor, id: string) {
  const secret = newSecret();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await setTokenHash(trx, id, hashToken(secret), Date.now())))
      throw notFound('scimTokenNotFound', 'SCIM_TOKEN_NOT_FOUND');
    await writeAudit(trx, { userId: actor.userId, event: 'scim token rotated', ip: actor.ip, details: { id } });
  });
  return { token: await one(deps, id), secret };
}

export async function revokeScimToken(deps: Deps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await revokeToken(trx, id, Date.now()))) throw notFound('scimTokenNotFound', 'SCIM_TOKEN_NOT_FOUND');
    await writeAudit(trx, { userId: actor.userId, event: 'scim token revoked', ip: actor.ip, details: { id } });
  });
}

/** How often a token's last use is written: reads come by the thousand during a sync. */
const TOUCH_EVERY_MS = 60_000;

/** The token a request presents, or null; its last use is kept to the minute. */
export async function authenticateScim(
  { db }: Deps,
  header: string | undefined,
): Promise<{ tokenId: string; createdBy: string } | null> {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const row = await tokenByHash(db, hashToken(match[1]!));
  if (!row) return null;
  const now = Date.now();
  if (row.last_used_at === null || now - Number(row.last_used_at) > TOUCH_EVERY_MS) await touchToken(db, row.id, now);
  return { tokenId: row.id, createdBy: row.created_by };
}
