import { ROLES } from '@rounds/contracts/common';
import { z } from 'zod';

/**
 * POST /auth/login request and reply (spec doc 1 section 7): { username, password, remember } ->
 * { token, tempToken, user, role }. A stand-in until packages/contracts has the auth contract; it is its
 * own module so the login page can load it with the request instead of in its first download.
 */
export const ZLoginRequest = z.object({ username: z.string(), password: z.string(), remember: z.boolean() });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

// ROLES, not ZRole: reusing a schema object from common would keep zod in the page's first chunk.
const ZSessionRole = z.enum(ROLES);

export const ZLoginReply = z.object({
  token: z.string().nullish(),
  tempToken: z.string().nullish(),
  role: ZSessionRole.nullish(),
  user: z.looseObject({ id: z.string(), role: ZSessionRole.optional() }).nullish(),
});
export type TLoginReply = z.infer<typeof ZLoginReply>;
