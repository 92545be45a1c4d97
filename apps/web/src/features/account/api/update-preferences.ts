import { ZUserReply } from '@rounds/contracts/account';
import type { TLanguage, TTheme } from '@rounds/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

export type TPreferencesUpdate =
  | { language: TLanguage }
  | { id: string; settings: { theme?: TTheme; playNotificationSound?: boolean } };

/** POST /setting: the language alone ({ language }), or { id, settings: { theme | playNotificationSound } }. */
export async function updatePreferences(body: TPreferencesUpdate) {
  const reply = await api.post('/setting', body, { schema: ZUserReply });
  useSession.getState().setUser(reply.user);
  return reply.user;
}

export function useUpdatePreferences() {
  return useMutation({ mutationFn: updatePreferences });
}
