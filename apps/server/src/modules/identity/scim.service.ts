import type { TLanguage, TRole } from '@rounds/contracts/common';
import type { TReferenceKind } from '@rounds/contracts/reference';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type ScimPatchOperation, type ScimResource, scimPatch } from 'scim-patch';
import { filter as scimFilter } from 'scim2-parse-filter';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { newId } from '../../lib/ids';
import type { TCreateUser } from '../admin/admin-user-edit';
import { writeAudit } from '../audit/audit.service';
import { userColumns } from '../users/users.store';
import {
  assertGroupPath,
  assertUserPath,
  canonicalUser,
  displayNameOf,
  type GroupTarget,
  groupChange,
  groupTarget,
  invalid,
  listResponse,
  paging,
  parseScimFilter,
  patchOps,
  SCIM,
  ScimProblem,
  type UserWrite,
  userFilter,
  userResource,
  userWrite,
} from './scim.rules';
import {
  deleteScimGroup,
  existingUserIds,
  externalIdOwner,
  forgetScimUser,
  type GroupRow,
  groupMembers,
  groupNameOwner,
  insertScimGroup,
  type RoundsUser,
  saveScimUser,
  scimGroup,
  scimGroups,
  scimUser,
  scimUserPage,
  updateScimGroup,
} from './scim.store';
import { linkIdsOf, referenceIdsByName } from './sso.store';

/*
 * SCIM 2.0 provisioning (issue 26): the directory's writes go through the same services an Admin's do
 * (modules/admin: create, update, activate/deactivate, delete, reference membership, role), with the token's
 * creator as the actor, so the rules and the side effects are the same: the set-password email, the directory
 * refresh, the user log, and a deactivated or deleted user's sessions and sockets ending. Each write also leaves
 * one 'scim provisioning' entry naming the token; reads leave none (a sync reads thousands).
 */

type Ctx = { ip: string; lang: TLanguage; within?: (trx: Kysely<Database>, userId: string) => Promise<void> };
/** The admin services the directory's writes go through, bound to the app (modules/admin). */
export type ScimAdmin = {
  createUser: (actor: AuthContext, u: TCreateUser, ctx: Ctx) => Promise<{ id: string }>;
  updateUser: (actor: AuthContext, u: Omit<TCreateUser, 'role'> & { id: string }, ctx: Ctx) => Promise<unknown>;
  setUserActive: (actor: AuthContext, o: { userId: string; active: boolean; ip: string }) => Promise<unknown>;
  deleteUser: (actor: AuthContext, o: { id: string; ip: string }) => Promise<unknown>;
  changeMembership: (
    actor: AuthContext,
    o: { kind: TReferenceKind; id: string; userId: string; add: boolean; ip: string },
  ) => Promise<void>;
  updateRole: (actor: AuthContext, o: { id: string; role: TRole; ip: string }) => Promise<unknown>;
};

export type ScimDeps = {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  groups: Record<string, string>;
  admin: ScimAdmin;
};
/** Who calls: the token (its creator is the actor), the address, and the service's base URL for locations. */
export type ScimCaller = { tokenId: string; actor: AuthContext; ip: string; base: string };

type Json = Record<string, unknown>;
const MAX_RESULTS = 200;

async function userOr404(deps: ScimDeps, id: string): Promise<RoundsUser> {
  const user = /^[0-9a-f]{24}$/.test(id) ? await scimUser(deps.db, id) : undefined;
  if (!user) throw new ScimProblem(404, undefined, `User ${id} not found`);
  return user;
}

async function logWrite(deps: Pick<ScimDeps, 'db'>, caller: ScimCaller, userId: string, details: Json): Promise<void> {
  await writeAudit(deps.db, {
    userId,
    event: 'scim provisioning',
    ip: caller.ip,
    details: { token: caller.tokenId, ...details },
  });
}

const language = (w: UserWrite): TLanguage =>
  String(w.attributes.preferredLanguage ?? w.attributes.locale ?? '')
    .toLowerCase()
    .startsWith('fr')
    ? 'fr'
    : 'en';

async function departmentId(deps: ScimDeps, name: string | null): Promise<string | null> {
  if (!name) return null;
  return (await referenceIdsByName(deps.db, 'departments', [name])).get(name.toLowerCase()) ?? null;
}

async function assertExternalIdFree(deps: ScimDeps, externalId: string | null, exceptUserId?: string) {
  if (externalId === null) return;
  const owner = await externalIdOwner(deps.db, externalId);
  if (owner && owner !== exceptUserId) throw new ScimProblem(409, 'uniqueness', `externalId ${externalId} is taken`);
}

export async function listUsers(deps: ScimDeps, caller: ScimCaller, q: Json) {
  const filter = typeof q.filter === 'string' && q.filter.trim() !== '' ? userFilter(q.filter) : null;
  const page = paging(q, MAX_RESULTS);
  const { users, total } = await scimUserPage(deps.db, filter, page);
  return listResponse(
    users.map((u) => userResource(u, caller.base)),
    total,
    page.offset,
  );
}

export async function getUser(deps: ScimDeps, caller: ScimCaller, id: string) {
  return userResource(await userOr404(deps, id), caller.base);
}

export async function createUser(deps: ScimDeps, caller: ScimCaller, body: unknown) {
  if (typeof body !== 'object' || body === null) throw invalid('The body must be a User resource', 'invalidSyntax');
  const w = userWrite(body as Json);
  await assertExternalIdFree(deps, w.externalId);
  const department = await departmentId(deps, w.department);
  const created = await deps.admin.createUser(
    caller.actor,
    {
      firstName: w.firstName,
      lastName: w.lastName,
      email: w.email,
      phone: (w.phone?.phone ?? null) as string,
      phoneCountryCode: (w.phone?.countryCode ?? null) as string,
      phoneCountryName: w.phone?.countryName,
      facilityId: [],
      departmentId: department ? [department] : [],
      professionId: [],
      specialtyId: [],
      suffixId: [],
      sessionTimeout: null,
      role: 'Regular',
    },
    { ip: caller.ip, lang: language(w), within: scimWrites(caller, w, { action: 'create' }) },
  );
  if (!w.active) await deps.admin.setUserActive(caller.actor, { userId: created.id, active: false, ip: caller.ip });
  return userResource(await userOr404(deps, created.id), caller.base);
}

/**
 * What the directory said that Rounds has no column for, and the write's log entry: in the commit of the
 * user's own change where there is one (on SQLite each commit waits for the disk).
 */
const scimWrites =
  (caller: ScimCaller, w: UserWrite, details: Json) => async (trx: Kysely<Database>, userId: string) => {
    await saveScimUser(trx, { userId, externalId: w.externalId, attributes: w.attributes });
    await logWrite({ db: trx }, caller, userId, details);
  };

/** Writes what changed between the user as it is and the resource the directory wants. */
async function applyUser(deps: ScimDeps, caller: ScimCaller, before: RoundsUser, w: UserWrite, action: string) {
  await assertExternalIdFree(deps, w.externalId, before.id);
  const beforeDept =
    typeof before.attributes[SCIM.enterprise] === 'object'
      ? (before.attributes[SCIM.enterprise] as Json).department
      : undefined;
  const deptChanged = (w.department ?? null) !== ((beforeDept as string | undefined) ?? null);
  const phoneChanged =
    (w.phone?.phone ?? null) !== before.phone || (w.phone?.countryCode ?? null) !== before.phoneCountryCode;
  const owned =
    w.email !== before.email ||
    w.firstName !== before.firstName ||
    w.lastName !== before.lastName ||
    phoneChanged ||
    deptChanged;
  const writes = scimWrites(caller, w, { action, ...(w.active !== before.active ? { active: w.active } : {}) });
  if (owned) {
    const links = await linkIdsOf(deps.db, before.id);
    const columns = (await userColumns(deps.db, before.id, [
      'profession_id',
      'suffix_id',
      'session_timeout',
      'phone_country_name',
    ]))!;
    // The enterprise department replaces the one the directory set before; the others (an Admin's, a group's) stay.
    const oldDept = await departmentId(deps, (beforeDept as string | undefined) ?? null);
    const newDept = await departmentId(deps, w.department);
    const departmentIds = links.departmentId.filter((d) => !deptChanged || d !== oldDept);
    if (newDept && !departmentIds.includes(newDept)) departmentIds.push(newDept);
    await deps.admin.updateUser(
      caller.actor,
      {
        id: before.id,
        firstName: w.firstName,
        lastName: w.lastName,
        email: w.email,
        phone: (w.phone ? w.phone.phone : phoneChanged ? null : before.phone) as string,
        phoneCountryCode: (w.phone ? w.phone.countryCode : phoneChanged ? null : before.phoneCountryCode) as string,
        phoneCountryName: w.phone?.countryName ?? columns.phone_country_name ?? undefined,
        facilityId: links.facilityId,
        departmentId: departmentIds,
        professionId: columns.profession_id ? [columns.profession_id] : [],
        specialtyId: links.specialtyId,
        suffixId: columns.suffix_id ? [columns.suffix_id] : [],
        sessionTimeout: columns.session_timeout,
      },
      { ip: caller.ip, lang: language(w), within: writes },
    );
  } else await deps.db.transaction().execute((trx) => writes(trx, before.id));
  if (w.active !== before.active)
    await deps.admin.setUserActive(caller.actor, { userId: before.id, active: w.active, ip: caller.ip });
  return userResource(await userOr404(deps, before.id), caller.base);
}

export async function replaceUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  const before = await userOr404(deps, id);
  if (typeof body !== 'object' || body === null) throw invalid('The body must be a User resource', 'invalidSyntax');
  return applyUser(deps, caller, before, userWrite(body as Json), 'replace');
}

export async function patchUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  const before = await userOr404(deps, id);
  const ops = patchOps(body, assertUserPath);
  const resource = userResource(before, caller.base) as unknown as ScimResource;
  const patched = scimPatch(resource, ops as ScimPatchOperation[], {
    mutateDocument: false,
    treatMissingAsAdd: true,
  }) as unknown as Json;
  canonicalUser(patched, true);
  return applyUser(deps, caller, before, userWrite(patched), 'patch');
}

export async function deleteUser(deps: ScimDeps, caller: ScimCaller, id: string) {
  await userOr404(deps, id);
  await deps.admin.deleteUser(caller.actor, { id, ip: caller.ip });
  await forgetScimUser(deps.db, id);
  await logWrite(deps, caller, id, { action: 'delete' });
}

/* Groups: each stands for a reference item or a role (SCIM_GROUPS); its members are that item's members. */

const TABLES = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
} as const;

async function resolveTarget(
  deps: ScimDeps,
  displayName: string,
): Promise<{ kind: GroupTarget['kind']; target: string }> {
  const t = groupTarget(displayName, deps.groups);
  if (!t)
    throw invalid(
      `The group "${displayName}" stands for nothing in Rounds: map it in SCIM_GROUPS or name it "<kind>:<name>"`,
    );
  if (t.kind === 'role') return { kind: 'role', target: t.name };
  const id = (await referenceIdsByName(deps.db, TABLES[t.kind], [t.name])).get(t.name.toLowerCase());
  if (!id) throw invalid(`No ${t.kind} is named "${t.name}"`);
  return { kind: t.kind, target: id };
}

async function groupOr404(deps: ScimDeps, id: string): Promise<GroupRow> {
  const group = /^[0-9a-f]{24}$/.test(id) ? await scimGroup(deps.db, id) : undefined;
  if (!group) throw new ScimProblem(404, undefined, `Group ${id} not found`);
  return group;
}

async function groupResource(deps: ScimDeps, caller: ScimCaller, g: GroupRow, withMembers: boolean): Promise<Json> {
  const members = withMembers ? await groupMembers(deps.db, g.kind, g.target) : null;
  return {
    schemas: [SCIM.group],
    id: g.id,
    ...(g.external_id !== null ? { externalId: g.external_id } : {}),
    displayName: g.display_name,
    ...(members
      ? { members: members.map((m) => ({ value: m.id, display: m.name, $ref: `${caller.base}/Users/${m.id}` })) }
      : {}),
    meta: {
      resourceType: 'Group',
      created: new Date(Number(g.created_at)).toISOString(),
      lastModified: new Date(Number(g.updated_at)).toISOString(),
      location: `${caller.base}/Groups/${g.id}`,
    },
  };
}

const excludesMembers = (q: Json) =>
  String(q.excludedAttributes ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .includes('members');

/** Adds or removes members: the reference item through the admin's membership service, or the role. */
async function changeMembers(deps: ScimDeps, caller: ScimCaller, g: GroupRow, add: string[], remove: string[]) {
  const known = await existingUserIds(deps.db, [...add, ...remove]);
  const unknown = [...add, ...remove].find((id) => !known.has(id));
  if (unknown) throw invalid(`members: no user ${unknown}`);
  for (const [ids, adding] of [
    [add, true],
    [remove, false],
  ] as const) {
    for (const userId of new Set(ids)) {
      if (g.kind === 'role') {
        const role = (await userColumns(deps.db, userId, ['role']))!.role;
        // Leaving a role's group takes the role away (Regular); joining gives it.
        const next = adding ? (g.target as TRole) : role === g.target ? 'Regular' : role;
        if (next !== role) await deps.admin.updateRole(caller.actor, { id: userId, role: next, ip: caller.ip });
      } else {
        await deps.admin.changeMembership(caller.actor, {
          kind: g.kind as TReferenceKind,
          id: g.target,
          userId,
          add: adding,
          ip: caller.ip,
        });
      }
      await logWrite(deps, caller, userId, { action: adding ? 'group add' : 'group remove', group: g.id });
    }
  }
}

const memberValues = (body: Json): string[] =>
  Array.isArray(body.members)
    ? body.members.map((m) => {
        const v = typeof m === 'object' && m !== null ? (m as Json).value : undefined;
        if (typeof v !== 'string') throw invalid('members[].value must be a user id');
        return v;
      })
    : [];

export async function listGroups(deps: ScimDeps, caller: ScimCaller, q: Json) {
  const page = paging(q, MAX_RESULTS);
  const test =
    typeof q.filter === 'string' && q.filter.trim() !== '' ? scimFilter(parseScimFilter(q.filter)) : () => true;
  const all = await scimGroups(deps.db);
  const matched: GroupRow[] = [];
  for (const g of all) if (test(await groupResource(deps, caller, g, false))) matched.push(g);
  const slice = matched.slice(page.offset, page.offset + page.limit);
  const withMembers = !excludesMembers(q);
  return listResponse(
    await Promise.all(slice.map((g) => groupResource(deps, caller, g, withMembers))),
    matched.length,
    page.offset,
  );
}

export async function getGroup(deps: ScimDeps, caller: ScimCaller, id: string, q: Json) {
  return groupResource(deps, caller, await groupOr404(deps, id), !excludesMembers(q));
}

export async function createGroup(deps: ScimDeps, caller: ScimCaller, body: unknown) {
  if (typeof body !== 'object' || body === null) throw invalid('The body must be a Group resource', 'invalidSyntax');
  const b = body as Json;
  const displayName = displayNameOf(b.displayName);
  if (await groupNameOwner(deps.db, displayName.toLowerCase()))
    throw new ScimProblem(409, 'uniqueness', `A group is already named "${displayName}"`);
  const { kind, target } = await resolveTarget(deps, displayName);
  const members = memberValues(b);
  const now = Date.now();
  const row: GroupRow = {
    id: newId(),
    display_name: displayName,
    name_key: displayName.toLowerCase(),
    external_id: typeof b.externalId === 'string' ? b.externalId : null,
    kind,
    target,
    created_at: now,
    updated_at: now,
  };
  await insertScimGroup(deps.db, row);
  await writeAudit(deps.db, {
    userId: caller.actor.userId,
    event: 'scim provisioning',
    ip: caller.ip,
    details: { token: caller.tokenId, action: 'group create', group: row.id, kind, target },
  });
  await changeMembers(deps, caller, row, members, []);
  return groupResource(deps, caller, row, true);
}

async function renameGroup(deps: ScimDeps, g: GroupRow, displayName: string): Promise<GroupRow> {
  if (displayName === g.display_name) return g;
  const owner = await groupNameOwner(deps.db, displayName.toLowerCase());
  if (owner && owner !== g.id) throw new ScimProblem(409, 'uniqueness', `A group is already named "${displayName}"`);
  const { kind, target } = await resolveTarget(deps, displayName);
  await updateScimGroup(deps.db, g.id, {
    display_name: displayName,
    name_key: displayName.toLowerCase(),
    kind,
    target,
  });
  return { ...g, display_name: displayName, name_key: displayName.toLowerCase(), kind, target };
}

async function replaceMembers(deps: ScimDeps, caller: ScimCaller, g: GroupRow, wanted: string[]) {
  const current = new Set((await groupMembers(deps.db, g.kind, g.target)).map((m) => m.id));
  const want = new Set(wanted);
  await changeMembers(
    deps,
    caller,
    g,
    [...want].filter((id) => !current.has(id)),
    [...current].filter((id) => !want.has(id)),
  );
}

export async function patchGroup(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  let g = await groupOr404(deps, id);
  const change = groupChange(patchOps(body, assertGroupPath));
  if (change.displayName !== undefined) g = await renameGroup(deps, g, change.displayName);
  if (change.externalId !== undefined) await updateScimGroup(deps.db, g.id, { external_id: change.externalId });
  if (change.replaceMembers) await replaceMembers(deps, caller, g, change.replaceMembers);
  await changeMembers(deps, caller, g, change.add, change.remove);
  return groupResource(deps, caller, (await scimGroup(deps.db, g.id))!, true);
}

export async function replaceGroup(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  let g = await groupOr404(deps, id);
  if (typeof body !== 'object' || body === null) throw invalid('The body must be a Group resource', 'invalidSyntax');
  const b = body as Json;
  g = await renameGroup(deps, g, displayNameOf(b.displayName));
  await updateScimGroup(deps.db, g.id, { external_id: typeof b.externalId === 'string' ? b.externalId : null });
  await replaceMembers(deps, caller, g, memberValues(b));
  return groupResource(deps, caller, (await scimGroup(deps.db, g.id))!, true);
}

/** Forgets the group; its members keep the item or role (an Admin's to take away: decisions.md). */
export async function deleteGroup(deps: ScimDeps, caller: ScimCaller, id: string) {
  const g = await groupOr404(deps, id);
  await deleteScimGroup(deps.db, g.id);
  await writeAudit(deps.db, {
    userId: caller.actor.userId,
    event: 'scim provisioning',
    ip: caller.ip,
    details: { token: caller.tokenId, action: 'group delete', group: g.id },
  });
}
