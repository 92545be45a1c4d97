import { z } from 'zod';
import { apiRoute } from './api-route';
import { pagedReply, ZId } from './common';
import { LIMITS } from './limits';
import { MSG, plainText } from './validation';

/** The five kinds of reference data, by their path segment (doc 1 section 7). */
export const REFERENCE_KINDS = ['facility', 'department', 'profession', 'specialty', 'suffix'] as const;
export const ZReferenceKind = z.enum(REFERENCE_KINDS);
export type TReferenceKind = z.infer<typeof ZReferenceKind>;

export const ZReferenceItem = z.object({ id: z.string(), name: z.string(), members: z.number().int() });
export type TReferenceItem = z.infer<typeof ZReferenceItem>;

/** GET /<kind> and /<kind>/list. Pages start at 1; `all=1` returns every item in one page. */
export const ZReferenceListQuery = z.object({
  id: ZId.optional(),
  keyword: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).default(10),
  all: z
    .union([z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false')])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export const ZReferenceListReply = pagedReply(ZReferenceItem);
export type TReferenceListReply = z.infer<typeof ZReferenceListReply>;

export const ZReferenceName = plainText(z.string().trim().min(1, MSG.required).max(LIMITS.textMaxLength));
export const ZCreateReferenceRequest = z.object({ name: ZReferenceName });
export const ZUpdateReferenceRequest = z.object({ id: ZId, name: ZReferenceName });
export const ZDeleteReferenceRequest = z.object({ id: ZId });
export const ZReferenceItemReply = z.object({ data: ZReferenceItem });

/** The routes of one kind (doc 2 section 7): GET /<kind>/list is public, the rest need a session. */
export function referenceRoutes(kind: TReferenceKind) {
  return {
    publicList: apiRoute({
      method: 'GET',
      path: `/${kind}/list`,
      query: ZReferenceListQuery,
      reply: ZReferenceListReply,
    }),
    list: apiRoute({
      method: 'GET',
      path: `/${kind}`,
      query: ZReferenceListQuery,
      reply: z.union([ZReferenceListReply, ZReferenceItemReply]),
    }),
    create: apiRoute({ method: 'POST', path: `/${kind}`, body: ZCreateReferenceRequest, reply: ZReferenceItemReply }),
    update: apiRoute({ method: 'PUT', path: `/${kind}`, body: ZUpdateReferenceRequest, reply: ZReferenceItemReply }),
    remove: apiRoute({
      method: 'DELETE',
      path: `/${kind}`,
      body: ZDeleteReferenceRequest,
      reply: z.object({ message: z.string() }),
    }),
  } as const;
}
