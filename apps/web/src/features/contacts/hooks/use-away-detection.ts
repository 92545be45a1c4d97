import { TIMINGS } from '@rounds/contracts/limits';
import { CHAT_STATUS } from '@rounds/contracts/user';
import { useEffect } from 'react';
import { writeItem } from '../../../lib/browser-storage';
import { useSession } from '../../../lib/session-store';
import { isSocketConnected } from '../../../lib/socket';
import { changeChatStatus } from '../api/change-chat-status';
import {
  awayCheckEveryMs,
  awayOnActivity,
  awayOnRemoteActivity,
  awayOnStatusChange,
  awayOnTick,
  startAway,
  type TAwayStep,
} from '../lib/away';
import { isStatusByHand } from '../stores/manual-status';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
/** Other tabs of the user learn of activity here through the storage event, at most this often. */
const SHARE_EVERY_MS = 5_000;
const activityKey = (userId: string) => `rounds.presence-activity.${userId}`;

/**
 * Away after inactivity, for the whole signed-in app (spec doc 2 section 4, TIMINGS.awayAfterMs): drives the
 * machine of lib/away.ts from pointer, key, wheel and touch events and the tab becoming visible, in every
 * tab of the user. The check compares Date.now() at each tick rather than arming one long timer, so a laptop
 * waking from sleep decides at once, and a journey can move the clock (Playwright's clock.setSystemTime)
 * without firing the socket's own timers.
 */
export function useAwayDetection(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    const awayAfterMs = TIMINGS.awayAfterMs;
    const key = activityKey(userId);
    let state = startAway(Date.now());
    let shared = 0;

    const context = () => ({
      status: useSession.getState().user?.chatStatus ?? CHAT_STATUS.Available,
      byHand: isStatusByHand(userId),
      awayAfterMs,
    });
    /** Applies a step; a change that cannot be sent now (no connection) is retried by the next event. */
    const commit = (step: TAwayStep) => {
      if (step.send === null) {
        state = step.state;
        return;
      }
      if (!isSocketConnected()) return;
      state = step.state;
      void changeChatStatus({ chatStatus: step.send, manual: false });
    };

    const onActivity = () => {
      const now = Date.now();
      commit(awayOnActivity(state, now, context()));
      if (now - shared >= SHARE_EVERY_MS) {
        shared = now;
        writeItem('local', key, String(now));
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key || !event.newValue) return;
      const at = Number(event.newValue);
      if (Number.isFinite(at)) state = awayOnRemoteActivity(state, at);
    };
    const tick = () => commit(awayOnTick(state, Date.now(), context()));
    const stopWatching = useSession.subscribe((now, before) => {
      if (now.user?.chatStatus !== before.user?.chatStatus) state = awayOnStatusChange(state);
    });

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    const timer = setInterval(tick, awayCheckEveryMs(awayAfterMs));
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
      clearInterval(timer);
      stopWatching();
    };
  }, [userId]);
}
