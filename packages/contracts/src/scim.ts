import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId, ZIdParams } from './common';
import { plainText } from './validation';

/**
 * Provisioning with SCIM 2.0 (issue 26). The hospital's directory (Entra ID, Okta) calls /scim/v2 with a bearer
 * token an Admin creates here; the token is shown once, at creation or rotation, and kept only as a hash.
 * The /scim/v2 protocol itself is RFC 7643/7644 (its own media type and error format): `scimRoutes` below, whose
 * bodies are SCIM JSON judged by SCIM's rules on the server (attribute names case-insensitive, Entra's quirks),
 * so their schemas are loose objects; `scimTokenRoutes` are the Administration routes that manage its tokens.
 */

/** Where the SCIM service lives, outside the JSON API (the directory is configured with this base URL). */
export const SCIM_BASE_PATH = '/scim/v2';
/** SCIM's media type (RFC 7644 3.1); plain application/json is accepted too. */
export const SCIM_MEDIA = 'application/scim+json';

export const ZScimToken = z.object({
  id: ZId,
  label: z.string(),
  createdAt: z.number().int(),
  /** Who created it: the directory's writes are recorded as theirs. */
  createdBy: z.object({ id: ZId, firstName: z.string(), lastName: z.string() }).nullable(),
  rotatedAt: z.number().int().nullable(),
  lastUsedAt: z.number().int().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimTokenListReply = z.object({ data: z.object({ tokens: z.array(ZScimToken) }) });
export const ZScimTokenCreateRequest = z.object({ label: plainText(z.string().trim().min(1).max(80)) });
/** The token in clear, this once; the list never shows it again. */
export const ZScimTokenSecretReply = z.object({ data: z.object({ token: ZScimToken, secret: z.string() }) });
export const ZScimTokenRevokeReply = z.object({ data: z.object({ id: ZId }) });

export const scimTokenRoutes = {
  list: apiRoute({ method: 'GET', path: '/admin/scim-tokens', reply: ZScimTokenListReply }),
  create: apiRoute({
    method: 'POST',
    path: '/admin/scim-tokens',
    body: ZScimTokenCreateRequest,
    reply: ZScimTokenSecretReply,
  }),
  /** A new secret for the same token; the old one stops working at once. */
  rotate: apiRoute({
    method: 'POST',
    path: '/admin/scim-tokens/:id/rotate',
    params: ZIdParams,
    reply: ZScimTokenSecretReply,
    errors: { 404: 'SCIM_TOKEN_NOT_FOUND' },
  }),
  revoke: apiRoute({
    method: 'DELETE',
    path: '/admin/scim-tokens/:id',
    params: ZIdParams,
    reply: ZScimTokenRevokeReply,
    errors: { 404: 'SCIM_TOKEN_NOT_FOUND' },
  }),
} as const;

const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** What names a SCIM refusal (RFC 7644 3.12, table 9), in the Error body beside the status. */
export const SCIM_TYPES = [
  'invalidValue',
  'invalidFilter',
  'invalidPath',
  'noTarget',
  'invalidSyntax',
  'uniqueness',
  'mutability',
  'tooMany',
] as const;
export type TScimType = (typeof SCIM_TYPES)[number];

/** Every /scim/v2 refusal, a 401 included: status as a string, scimType for the 400s and 409s. */
export const ZScimError = z.object({
  schemas: z.tuple([z.literal(SCIM_ERROR_SCHEMA)]),
  status: z.string(),
  scimType: z.enum(SCIM_TYPES).optional(),
  detail: z.string(),
});
export type TScimError = z.infer<typeof ZScimError>;

/** A refusal in SCIM's Error body (RFC 7644 3.12). */
export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** A resource, request or reply as SCIM JSON: its attributes are SCIM's rules' business, not a schema's. */
export const ZScimJson = z.record(z.string(), z.unknown());
export const ZScimListResponse = z.looseObject({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(ZScimJson),
});
/** RFC 7644 3.4.2: the filter, paging and attribute selection a list or read may name (values as sent). */
export const ZScimQuery = z.looseObject({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
  attributes: z.string().optional(),
  excludedAttributes: z.string().optional(),
});
export const ZScimIdParams = z.object({ id: z.string() });

/** What every /scim/v2 route shares: its base, media type and error body. */
const scim = { base: SCIM_BASE_PATH, media: SCIM_MEDIA, errorBody: ZScimError } as const;
const READ = { 404: [] } as const;
const WRITE = { 400: ['invalidSyntax', 'invalidValue', 'invalidPath', 'noTarget', 'mutability'] } as const;

/** /scim/v2 as the directory calls it; the bearer is a SCIM token, never a user's session. */
export const scimRoutes = {
  serviceProviderConfig: apiRoute({ ...scim, method: 'GET', path: '/ServiceProviderConfig', reply: ZScimJson }),
  resourceTypes: apiRoute({ ...scim, method: 'GET', path: '/ResourceTypes', reply: ZScimListResponse }),
  resourceType: apiRoute({
    ...scim,
    method: 'GET',
    path: '/ResourceTypes/:id',
    params: ZScimIdParams,
    reply: ZScimJson,
    errors: READ,
  }),
  schemas: apiRoute({ ...scim, method: 'GET', path: '/Schemas', reply: ZScimListResponse }),
  schema: apiRoute({
    ...scim,
    method: 'GET',
    path: '/Schemas/:id',
    params: ZScimIdParams,
    reply: ZScimJson,
    errors: READ,
  }),
  listUsers: apiRoute({
    ...scim,
    method: 'GET',
    path: '/Users',
    query: ZScimQuery,
    reply: ZScimListResponse,
    errors: { 400: ['invalidFilter', 'invalidValue'] },
  }),
  createUser: apiRoute({
    ...scim,
    method: 'POST',
    path: '/Users',
    body: ZScimJson,
    status: 201,
    reply: ZScimJson,
    errors: { ...WRITE, 409: 'uniqueness' },
  }),
  getUser: apiRoute({
    ...scim,
    method: 'GET',
    path: '/Users/:id',
    params: ZScimIdParams,
    reply: ZScimJson,
    errors: READ,
  }),
  replaceUser: apiRoute({
    ...scim,
    method: 'PUT',
    path: '/Users/:id',
    params: ZScimIdParams,
    body: ZScimJson,
    reply: ZScimJson,
    errors: { ...WRITE, ...READ, 409: 'uniqueness' },
  }),
  patchUser: apiRoute({
    ...scim,
    method: 'PATCH',
    path: '/Users/:id',
    params: ZScimIdParams,
    body: ZScimJson,
    reply: ZScimJson,
    errors: { ...WRITE, ...READ, 409: 'uniqueness' },
  }),
  deleteUser: apiRoute({
    ...scim,
    method: 'DELETE',
    path: '/Users/:id',
    params: ZScimIdParams,
    status: 204,
    reply: z.null(),
    errors: READ,
  }),
  listGroups: apiRoute({
    ...scim,
    method: 'GET',
    path: '/Groups',
    query: ZScimQuery,
    reply: ZScimListResponse,
    errors: { 400: ['invalidFilter', 'invalidValue'] },
  }),
  createGroup: apiRoute({
    ...scim,
    method: 'POST',
    path: '/Groups',
    body: ZScimJson,
    status: 201,
    reply: ZScimJson,
    errors: { ...WRITE, 409: 'uniqueness' },
  }),
  getGroup: apiRoute({
    ...scim,
    method: 'GET',
    path: '/Groups/:id',
    params: ZScimIdParams,
    query: ZScimQuery,
    reply: ZScimJson,
    errors: READ,
  }),
  replaceGroup: apiRoute({
    ...scim,
    method: 'PUT',
    path: '/Groups/:id',
    params: ZScimIdParams,
    body: ZScimJson,
    reply: ZScimJson,
    errors: { ...WRITE, ...READ, 409: 'uniqueness' },
  }),
  patchGroup: apiRoute({
    ...scim,
    method: 'PATCH',
    path: '/Groups/:id',
    params: ZScimIdParams,
    body: ZScimJson,
    reply: ZScimJson,
    errors: { ...WRITE, ...READ, 409: 'uniqueness' },
  }),
  deleteGroup: apiRoute({
    ...scim,
    method: 'DELETE',
    path: '/Groups/:id',
    params: ZScimIdParams,
    status: 204,
    reply: z.null(),
    errors: READ,
  }),
} as const;
