import type { TLanguage } from '@rounds/contracts/common';
import type { TUser } from '@rounds/contracts/user';
import { api } from '../../../lib/api-client';

/**
 * POST /setting { language } at sign-in, for a language chosen by hand on the login page. No toast: it runs
 * behind the home screen, and a failure leaves the choice on this device to be saved at the next sign-in.
 * The reply contract loads with the request: zod stays out of the login page's first download.
 */
export async function saveLanguage(language: TLanguage): Promise<TUser> {
  const reply = await api.post(
    '/setting',
    { language },
    {
      schema: () => import('@rounds/contracts/account').then((contract) => contract.ZUserReply),
      toast: false,
    },
  );
  return reply.user;
}
