import type { TLanguage } from '@rounds/contracts/common';
import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import type { TUser } from '@rounds/contracts/user';
import { apiCall, lazyRoute } from '../../../lib/api-call';
import { userOf } from '../../../lib/setting-reply';

const route = lazyRoute(FIRST_DOWNLOAD_ROUTES.writeSetting, () =>
  import('@rounds/contracts/settings').then((settings) => settings.adminSettingRoutes.write),
);

/**
 * POST /setting { language } at sign-in, for a language chosen by hand on the login page. No toast: it runs
 * behind the home screen, and a failure leaves the choice on this device to be saved at the next sign-in.
 * The reply contract loads with the request: zod stays out of the login page's first download.
 */
export async function saveLanguage(language: TLanguage): Promise<TUser> {
  return userOf(await apiCall(route, { body: { language } }, { toast: false }));
}
