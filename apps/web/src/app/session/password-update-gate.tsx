import { useState } from 'react';
import { PasswordUpdateModal } from '../../features/account/components/password-update-modal';
import { isPasswordUpdateDue, readPasswordChange } from '../../features/account/lib/password-policy';
import { useAppSettings } from '../../features/settings/api/get-app-settings';
import { readItem, writeItem } from '../../lib/browser-storage';

/** 'Remind me later' holds for the rest of this tab's session (sessionStorage), for this user. */
const LATER_KEY = 'rounds.password-update-later';

/** Shows the password update modal when the policy says the password is due (spec doc 2 section 2). */
export function PasswordUpdateGate({ userId }: { userId: string }) {
  const policy = useAppSettings().data?.passwordUpdate;
  const [closed, setClosed] = useState(() => readItem('session', LATER_KEY) === userId);
  const [shown, setShown] = useState(false);
  // Once shown it stays until closed: the update itself makes it no longer due, and the success state
  // must still be seen.
  if (!shown && !closed && isPasswordUpdateDue(policy, Date.now(), readPasswordChange(userId))) setShown(true);
  if (closed || !shown) return null;

  const close = () => {
    writeItem('session', LATER_KEY, userId);
    setClosed(true);
  };
  return <PasswordUpdateModal opened onLater={close} onDone={close} />;
}
