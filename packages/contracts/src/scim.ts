import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZId } from './common';
import { plainText } from './validation';

/**
 * Provisioning with SCIM 2.0 (issue 26). The hospital's directory (Entra ID, Okta) calls /scim/v2 with a bearer
 * token an Admin creates here; the token is shown once, at creation or rotation, and kept only as a hash.
 * The /scim/v2 protocol itself is RFC 7643/7644 (its own media type and error format), served by the server's
 * SCIM plugin; these are the Administration routes that manage its tokens.
 */

/** Where the SCIM service lives, outside the JSON API (the directory is configured with this base URL). */
export const SCIM_BASE_PATH = '/scim/v2';

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
export const ZScimTokenParams = z.object({ id: ZId });
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
    params: ZScimTokenParams,
    reply: ZScimTokenSecretReply,
    errors: { 404: 'SCIM_TOKEN_NOT_FOUND' },
  }),
  revoke: apiRoute({
    method: 'DELETE',
    path: '/admin/scim-tokens/:id',
    params: ZScimTokenParams,
    reply: ZScimTokenRevokeReply,
    errors: { 404: 'SCIM_TOKEN_NOT_FOUND' },
  }),
} as const;
