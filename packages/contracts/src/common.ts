import { z } from 'zod';
import { LANGUAGES, ROLES, THEMES, toLanguage } from './values';

// Defined in values.ts (zod-free, for the web's first download); exported here as before.
export { LANGUAGES, ROLES, THEMES, toLanguage };

/** Ids are 24 lowercase hex characters, time-ordered (see apps/server/src/lib/ids.ts). */
export const ZId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character id');
export type TId = z.infer<typeof ZId>;

/** The params of a path that names one thing by its id (`/…/:id`). */
export const ZIdParams = z.object({ id: ZId });

/** Every error reply: a message fit to show a user, and a stable machine code. */
export const ZErrorReply = z.object({
  message: z.string(),
  code: z.string(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;

/** Roles as the spec names them. */
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZTheme = z.enum(THEMES);
export type TTheme = z.infer<typeof ZTheme>;

/** Paged list reply of the reference lists and admin tables. */
export function pagedReply<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const ZOkReply = z.object({ message: z.string().optional() });
