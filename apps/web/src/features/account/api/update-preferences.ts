import type { TLanguage, TTheme } from '@rounds/contracts/common';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { useSession } from '../../../lib/session-store';
import { userOf } from '../../../lib/setting-reply';

export type TPreferencesUpdate =
  | { language: TLanguage }
  | { id: string; settings: { theme?: TTheme; playNotificationSound?: boolean } };

/** POST /setting: the language alone ({ language }), or { id, settings: { theme | playNotificationSound } }. */
export async function updatePreferences(body: TPreferencesUpdate) {
  const user = userOf(await apiCall(adminSettingRoutes.write, { body }));
  useSession.getState().setUser(user);
  return user;
}

export function useUpdatePreferences() {
  return useMutation({ mutationFn: updatePreferences });
}
