import { ZName } from '@rounds/contracts/user';
import { ZEmail } from '@rounds/contracts/validation';
import { type Filter, parse as parseFilter } from 'scim2-parse-filter';
import type { RoundsUser, UserFilter } from './scim.store';
import { splitPhone } from './sso.rules';

/*
 * SCIM 2.0 (RFC 7643 resources, RFC 7644 protocol) as pure rules: what a Rounds user looks like to the
 * directory, what a resource the directory sends means for Rounds, the PATCH operations as Entra ID's
 * provisioning client actually sends them (docs/decisions.md "SCIM provisioning"), and the filters we answer.
 */

export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
} as const;

export type ScimType =
  | 'invalidValue'
  | 'invalidFilter'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidSyntax'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** A refusal in SCIM's error format (RFC 7644 3.12). */
export class ScimProblem extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | undefined,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const invalid = (detail: string, scimType: ScimType = 'invalidValue') => new ScimProblem(400, scimType, detail);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The User attributes we keep (RFC 7643 4.1), by lowercased name: SCIM names are case-insensitive. */
const USER_ATTRIBUTES = [
  'userName',
  'name',
  'displayName',
  'nickName',
  'title',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'active',
  'emails',
  'phoneNumbers',
  'externalId',
] as const;
const NAME_ATTRIBUTES = ['givenName', 'familyName', 'formatted', 'middleName', 'honorificPrefix', 'honorificSuffix'];
const ENTERPRISE_ATTRIBUTES = ['department', 'employeeNumber', 'costCenter', 'organization', 'division'];
const READ_ONLY = ['id', 'meta', 'groups'];

const canonical = (names: readonly string[]) => new Map(names.map((n) => [n.toLowerCase(), n]));
const USER_NAMES = canonical(USER_ATTRIBUTES);
const NAME_NAMES = canonical(NAME_ATTRIBUTES);
const ENTERPRISE_NAMES = canonical(ENTERPRISE_ATTRIBUTES);

export function userResource(u: RoundsUser, base: string): Json {
  const kept = u.attributes;
  const name = isObject(kept.name) ? kept.name : {};
  const enterprise = isObject(kept[SCIM.enterprise]) ? kept[SCIM.enterprise] : {};
  const { name: _n, [SCIM.enterprise]: _e, ...rest } = kept;
  return {
    schemas: [SCIM.user, SCIM.enterprise],
    id: u.id,
    ...(u.externalId !== null ? { externalId: u.externalId } : {}),
    ...rest,
    userName: u.email,
    name: { ...name, givenName: u.firstName, familyName: u.lastName },
    displayName: typeof kept.displayName === 'string' ? kept.displayName : `${u.firstName} ${u.lastName}`,
    active: u.active,
    emails: Array.isArray(kept.emails) ? kept.emails : [{ value: u.email, type: 'work', primary: true }],
    phoneNumbers: Array.isArray(kept.phoneNumbers)
      ? kept.phoneNumbers
      : u.phone && u.phoneCountryCode
        ? [{ value: `${u.phoneCountryCode}${u.phone}`, type: 'work', primary: true }]
        : [],
    [SCIM.enterprise]: enterprise,
    meta: {
      resourceType: 'User',
      created: new Date(u.createdAt).toISOString(),
      lastModified: new Date(u.updatedAt).toISOString(),
      location: `${base}/Users/${u.id}`,
    },
  };
}

/** What a User resource asks of Rounds. */
export type UserWrite = {
  email: string;
  firstName: string;
  lastName: string;
  phone: { phone: string; countryCode: string; countryName: string } | null;
  active: boolean;
  externalId: string | null;
  /** The enterprise extension's department, matched to the department list by name. */
  department: string | null;
  attributes: Json;
};

/** "True", "false", true: Entra sends active as a string in PATCH (a documented quirk). */
export function booleanOf(v: unknown, attribute: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw invalid(`${attribute} must be a boolean`);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The primary value of a multi-valued attribute, else the one of the preferred type, else the first. */
function pick(list: unknown, types: string[]): Json | undefined {
  if (!Array.isArray(list)) return undefined;
  const items = list.filter(isObject);
  return (
    items.find((i) => i.primary === true || i.primary === 'True' || i.primary === 'true') ??
    types.map((t) => items.find((i) => String(i.type ?? '').toLowerCase() === t)).find(Boolean) ??
    items[0]
  );
}

/**
 * Top-level and sub-attribute names put in their canonical case; an attribute not in our schema is refused
 * (`strict`, PATCH) or left out (POST and PUT: RFC 7644 3.3 lets a server ignore what it does not keep).
 */
export function canonicalUser(input: Json, strict: boolean): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(input)) {
    const lower = key.toLowerCase();
    if (lower === 'schemas' || READ_ONLY.includes(lower)) continue;
    if (lower === SCIM.enterprise.toLowerCase()) {
      if (!isObject(value)) throw invalid(`${SCIM.enterprise} must be an object`);
      out[SCIM.enterprise] = subAttributes(value, ENTERPRISE_NAMES, SCIM.enterprise, strict);
      continue;
    }
    const name = USER_NAMES.get(lower);
    if (!name) {
      if (strict) throw invalid(`Unknown attribute: ${key}`, 'invalidPath');
      continue;
    }
    out[name] = name === 'name' && isObject(value) ? subAttributes(value, NAME_NAMES, 'name', strict) : value;
  }
  return out;
}

function subAttributes(value: Json, names: Map<string, string>, parent: string, strict: boolean): Json {
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const name = names.get(key.toLowerCase());
    if (name) out[name] = v;
    else if (strict) throw invalid(`Unknown attribute: ${parent}.${key}`, 'invalidPath');
  }
  return out;
}

/** A whole User resource (POST, PUT, or the result of a PATCH) as what Rounds writes. */
export function userWrite(resource: Json): UserWrite {
  const r = canonicalUser(resource, false);
  const userName = str(r.userName);
  if (!userName) throw invalid('userName is required');
  const email = ZEmail.safeParse(userName).success
    ? ZEmail.parse(userName)
    : ZEmail.safeParse(pick(r.emails, ['work'])?.value).data;
  if (!email) throw invalid('userName (or a work email) must be an email address');
  const name = isObject(r.name) ? r.name : {};
  const display = str(r.displayName)?.split(/\s+/) ?? [];
  const firstName = str(name.givenName) ?? display[0] ?? email.split('@')[0]!;
  const lastName = str(name.familyName) ?? (display.slice(1).join(' ') || '-');
  for (const [attribute, value] of [
    ['name.givenName', firstName],
    ['name.familyName', lastName],
  ] as const) {
    if (!ZName.safeParse(value).success) throw invalid(`${attribute} is not a valid name`);
  }
  const phoneValue = str(pick(r.phoneNumbers, ['work', 'mobile'])?.value);
  const enterprise = isObject(r[SCIM.enterprise]) ? (r[SCIM.enterprise] as Json) : {};
  const externalId = r.externalId === undefined || r.externalId === null ? null : str(r.externalId);
  if (r.externalId !== undefined && r.externalId !== null && typeof r.externalId !== 'string')
    throw invalid('externalId must be a string');
  // emails and phoneNumbers are kept as sent (their types and order), beside the values Rounds takes from them.
  const { userName: _u, active: _a, externalId: _x, ...attributes } = r;
  if (isObject(attributes.name)) {
    const { givenName: _g, familyName: _f, ...restName } = attributes.name;
    attributes.name = restName;
  }
  return {
    email,
    firstName,
    lastName,
    phone: phoneValue ? splitPhone(phoneValue) : null,
    active: r.active === undefined ? true : booleanOf(r.active, 'active'),
    externalId,
    department: str(enterprise.department),
    attributes,
  };
}

export type PatchOp = { op: 'add' | 'replace' | 'remove'; path?: string; value?: unknown };

/** The attribute a PATCH path names, checked against our schema (refused with invalidPath when unknown). */
export function assertUserPath(path: string): void {
  const lower = path.toLowerCase();
  const urn = SCIM.enterprise.toLowerCase();
  if (lower.startsWith(`${urn}:`)) {
    const sub = path.slice(urn.length + 1).split(/[.[]/)[0]!;
    if (!ENTERPRISE_NAMES.has(sub.toLowerCase())) throw invalid(`Unknown attribute: ${path}`, 'invalidPath');
    return;
  }
  const withoutCore = lower.startsWith(`${SCIM.user.toLowerCase()}:`) ? path.slice(SCIM.user.length + 1) : path;
  const root = withoutCore.split(/[.[]/)[0]!.toLowerCase();
  if (READ_ONLY.includes(root)) throw new ScimProblem(400, 'mutability', `${path} cannot be changed`);
  if (!USER_NAMES.has(root)) throw invalid(`Unknown attribute: ${path}`, 'invalidPath');
  if (root === 'name') {
    const sub = withoutCore.slice(root.length + 1);
    if (sub && !NAME_NAMES.has(sub.toLowerCase())) throw invalid(`Unknown attribute: ${path}`, 'invalidPath');
  }
}

/**
 * A PATCH request's operations, as RFC 7644 3.5.2 says and as Entra sends them: op names in any case
 * ("Replace"), active as the string "False", and an operation without a path whose value holds attribute
 * paths as keys ({"name.givenName": "Ada", "urn:...:enterprise:2.0:User:department": "ICU"}), split here into
 * one operation per path.
 */
export function patchOps(body: unknown, assertPath: (path: string) => void): PatchOp[] {
  if (!isObject(body)) throw invalid('The body must be a PatchOp message', 'invalidSyntax');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(SCIM.patchOp))
    throw invalid(`schemas must include ${SCIM.patchOp}`, 'invalidSyntax');
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw invalid('Operations is required', 'invalidSyntax');
  const ops: PatchOp[] = [];
  for (const raw of operations) {
    if (!isObject(raw)) throw invalid('Each operation must be an object', 'invalidSyntax');
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw invalid(`Unknown op: ${String(raw.op)}`, 'invalidSyntax');
    const path = typeof raw.path === 'string' && raw.path.trim() !== '' ? raw.path.trim() : undefined;
    if (op === 'remove' && !path) throw invalid('remove needs a path', 'noTarget');
    if (path) {
      assertPath(path);
      ops.push({ op, path, value: raw.value });
      continue;
    }
    if (!isObject(raw.value)) throw invalid('An operation without a path needs an object value');
    const rest: Json = {};
    for (const [key, value] of Object.entries(raw.value)) {
      if (/[.:[]/.test(key)) {
        assertPath(key);
        ops.push({ op, path: key, value });
      } else {
        assertPath(key);
        rest[key] = value;
      }
    }
    if (Object.keys(rest).length > 0) ops.push({ op, value: rest });
  }
  return ops.map(coerceActive);
}

function coerceActive(op: PatchOp): PatchOp {
  if (op.path?.toLowerCase() === 'active' && op.value !== undefined)
    return { ...op, value: booleanOf(op.value, 'active') };
  if (!op.path && isObject(op.value)) {
    const entries = Object.entries(op.value).map(([k, v]) =>
      k.toLowerCase() === 'active' ? ['active', booleanOf(v, 'active')] : [k, v],
    );
    return { ...op, value: Object.fromEntries(entries) };
  }
  return op;
}

export function parseScimFilter(text: string): Filter {
  try {
    return parseFilter(text);
  } catch {
    throw invalid(`The filter cannot be read: ${text}`, 'invalidFilter');
  }
}

export function userFilter(text: string): UserFilter {
  return toUserFilter(parseScimFilter(text));
}

function toUserFilter(f: Filter): UserFilter {
  if (f.op === 'and') return { all: (f as { filters: Filter[] }).filters.map(toUserFilter) };
  if (f.op === 'or') return { any: (f as { filters: Filter[] }).filters.map(toUserFilter) };
  if (f.op === 'eq' && 'attrPath' in f && 'compValue' in f) {
    const attr = f.attrPath.toLowerCase().replace(`${SCIM.user.toLowerCase()}:`, '');
    const value = f.compValue;
    if (typeof value !== 'string') throw invalid('Compare with a string', 'invalidFilter');
    if (attr === 'username' || attr === 'emails.value' || attr === 'emails')
      return { column: 'email', value: value.trim().toLowerCase() };
    if (attr === 'externalid') return { column: 'externalId', value };
    if (attr === 'id') return { column: 'id', value };
  }
  throw invalid('Users are filtered with eq on userName, externalId, id or emails.value', 'invalidFilter');
}

/** startIndex (1-based) and count, as RFC 7644 3.4.2.4 says: out-of-range values are brought into range. */
export function paging(q: { startIndex?: unknown; count?: unknown }, max: number): { offset: number; limit: number } {
  const start = Number.parseInt(String(q.startIndex ?? '1'), 10);
  const count = Number.parseInt(String(q.count ?? String(max)), 10);
  if ((q.startIndex !== undefined && Number.isNaN(start)) || (q.count !== undefined && Number.isNaN(count)))
    throw invalid('startIndex and count are integers');
  return { offset: Math.max(1, start || 1) - 1, limit: Math.min(max, Math.max(0, Number.isNaN(count) ? max : count)) };
}

export function listResponse(resources: Json[], total: number, offset: number) {
  return {
    schemas: [SCIM.list],
    totalResults: total,
    startIndex: offset + 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** What a group stands for: a reference item by name, or a role. */
export type GroupTarget =
  | { kind: 'facility' | 'department' | 'profession' | 'specialty'; name: string }
  | { kind: 'role'; name: 'Regular' | 'FacilityAdmin' | 'Admin' };

const TARGET = /^\s*(facility|department|profession|specialty|role)\s*:\s*(.+?)\s*$/i;

/**
 * A group's target: SCIM_GROUPS maps a displayName to "<kind>:<name>" (the hospital's group names as they are);
 * a displayName that is itself "<kind>:<name>" maps without configuration. Null: the group means nothing here.
 */
export function groupTarget(displayName: string, configured: Record<string, string>): GroupTarget | null {
  const key = Object.keys(configured).find((k) => k.toLowerCase() === displayName.trim().toLowerCase());
  const match = TARGET.exec(key !== undefined ? configured[key]! : displayName);
  if (!match) return null;
  const kind = match[1]!.toLowerCase() as GroupTarget['kind'];
  const name = match[2]!;
  if (kind !== 'role') return { kind, name };
  const role = (['Regular', 'FacilityAdmin', 'Admin'] as const).find((r) => r.toLowerCase() === name.toLowerCase());
  return role ? { kind, name: role } : null;
}

/** Group PATCH: the member ids an operation adds or removes, and a new displayName or externalId. */
export type GroupChange = {
  add: string[];
  remove: string[];
  replaceMembers?: string[];
  displayName?: string;
  externalId?: string | null;
};

const memberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((m) => {
    const id = isObject(m) ? m.value : m;
    if (typeof id !== 'string' || id === '') throw invalid('members[].value must be a user id');
    return id;
  });
};

/** Entra's group PATCHes: members add and remove (remove with a value list, or a members[value eq "id"] path). */
export function groupChange(ops: PatchOp[]): GroupChange {
  const change: GroupChange = { add: [], remove: [] };
  for (const o of ops) {
    const path = o.path?.toLowerCase();
    if (path === undefined) {
      const value = o.value as Json;
      for (const [k, v] of Object.entries(value)) {
        if (k.toLowerCase() === 'displayname') change.displayName = displayNameOf(v);
        else if (k.toLowerCase() === 'externalid') change.externalId = v === null ? null : String(v);
        else if (k.toLowerCase() === 'members') change.replaceMembers = memberIds(v);
        else throw invalid(`Unknown attribute: ${k}`, 'invalidPath');
      }
    } else if (path === 'members') {
      if (o.op === 'add') change.add.push(...memberIds(o.value));
      else if (o.op === 'remove') change.remove.push(...memberIds(o.value));
      else change.replaceMembers = memberIds(o.value);
    } else if (path.startsWith('members[')) {
      const f = parseScimFilter(o.path!.slice('members['.length, o.path!.lastIndexOf(']')));
      if (o.op !== 'remove' || f.op !== 'eq' || !('attrPath' in f) || f.attrPath.toLowerCase() !== 'value')
        throw invalid(`Unsupported path: ${o.path}`, 'invalidPath');
      change.remove.push(String((f as { compValue: unknown }).compValue));
    } else if (path === 'displayname' && o.op !== 'remove') change.displayName = displayNameOf(o.value);
    else if (path === 'externalid') change.externalId = o.op === 'remove' ? null : String(o.value);
    else throw invalid(`Unknown attribute: ${o.path}`, 'invalidPath');
  }
  return change;
}

export function displayNameOf(v: unknown): string {
  const name = str(v);
  if (!name || name.length > 200) throw invalid('displayName is required (at most 200 characters)');
  return name;
}

export const assertGroupPath = (path: string): void => {
  const root = path.split(/[.[]/)[0]!.toLowerCase();
  if (!['members', 'displayname', 'externalid'].includes(root))
    throw invalid(`Unknown attribute: ${path}`, 'invalidPath');
};
