import type { TAppSettings } from '@rounds/contracts/settings';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';

type TSaveReply = { appSettings: TAppSettings; message: string };
type TSave<T> = { mutate: (value: T, options: { onSuccess: (reply: TSaveReply) => void }) => void };

/**
 * An administrator's edit of stored application settings (the About texts, the banner): the draft over what is
 * stored, whether it differs, and saving it, after which the stored settings are the ones shown again.
 */
export function useSettingsDraft<T>(
  stored: T | null | undefined,
  save: TSave<T>,
  onSaved: (appSettings: TAppSettings) => void,
) {
  const [draft, setDraft] = useState<T | null>(null);
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);
  const submit = (value: T) =>
    save.mutate(value, {
      onSuccess: (reply) => {
        setDraft(null);
        onSaved(reply.appSettings);
        showToast(reply.message, 'success');
      },
    });
  return { draft, setDraft, changed, submit };
}
