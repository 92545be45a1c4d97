import { useEffect } from 'react';
import { resumeDeviceNotifications } from '../lib/device-subscription';

/** A new session of the person who turned notifications on here is pushed to as well (lib/device-subscription). */
export function useResumeNotifications(userId: string | undefined): void {
  useEffect(() => {
    if (!userId || !('serviceWorker' in navigator)) return;
    void resumeDeviceNotifications(userId).catch(() => undefined);
  }, [userId]);
}
