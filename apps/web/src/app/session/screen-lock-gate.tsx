import { useQuickUnlockStatus } from '../../features/identity/api/quick-unlock';
import { ScreenLock } from '../../features/identity/components/screen-lock';
import { useScreenLock } from '../../lib/screen-lock-store';
import { useSession } from '../../lib/session-store';
import { logout } from './end-session';

/** The locked screen, for the signed-in user (issue 26): composed here, the lock being the session's. */
export function ScreenLockGate() {
  const user = useSession((s) => s.user);
  const status = useQuickUnlockStatus();
  const unlock = useScreenLock((s) => s.unlock);
  if (!user) return null;
  return (
    <ScreenLock
      name={user.fullName}
      hasPin={status.data?.hasPin ?? true}
      hasPassword={(status.data?.proof ?? 'password') === 'password'}
      onUnlocked={unlock}
      onSignOut={() => void logout()}
    />
  );
}
