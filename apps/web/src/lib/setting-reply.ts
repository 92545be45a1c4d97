import type { TUser } from '@rounds/contracts/user';

/**
 * POST /setting answers a preferences change with the user and an Admin's app setting with the app settings
 * (contracts settings.ts, adminSettingRoutes.write): the user of the first kind.
 */
export function userOf(reply: { user: TUser } | { message: string }): TUser {
  if (!('user' in reply)) throw new Error('POST /setting answered without the user');
  return reply.user;
}
