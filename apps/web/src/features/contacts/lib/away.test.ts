import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';
import { describe, expect, it } from 'vitest';
import {
  awayCheckEveryMs,
  awayOnActivity,
  awayOnRemoteActivity,
  awayOnStatusChange,
  awayOnTick,
  startAway,
  type TAwayContext,
} from './away';

const DELAY = 300_000;
const context = (status: TChatStatus, byHand = false): TAwayContext => ({ status, byHand, awayAfterMs: DELAY });

describe('away after inactivity', () => {
  it('stays put before the delay and makes an Available user Away once it has passed', () => {
    const start = startAway(0);
    expect(awayOnTick(start, DELAY - 1, context(CHAT_STATUS.Available))).toEqual({ state: start, send: null });
    const step = awayOnTick(start, DELAY, context(CHAT_STATUS.Available));
    expect(step.send).toBe(CHAT_STATUS.Away);
    expect(step.state.idle).toBe(true);
    // Already idle: later ticks send nothing more.
    expect(awayOnTick(step.state, DELAY * 3, context(CHAT_STATUS.Away)).send).toBeNull();
  });

  it('never turns Do not disturb or Away into anything on inactivity', () => {
    expect(awayOnTick(startAway(0), DELAY, context(CHAT_STATUS.DoNotDisturb)).send).toBeNull();
    expect(awayOnTick(startAway(0), DELAY, context(CHAT_STATUS.Away, true)).send).toBeNull();
  });

  it('counts activity: the delay restarts from the last one', () => {
    const active = awayOnActivity(startAway(0), 200_000, context(CHAT_STATUS.Available));
    expect(active.send).toBeNull();
    expect(awayOnTick(active.state, DELAY + 1_000, context(CHAT_STATUS.Available)).send).toBeNull();
    expect(awayOnTick(active.state, 200_000 + DELAY, context(CHAT_STATUS.Available)).send).toBe(CHAT_STATUS.Away);
  });

  it('returns to Available on activity after an automatic Away, asking once per status change', () => {
    const idle = awayOnTick(startAway(0), DELAY, context(CHAT_STATUS.Available)).state;
    const back = awayOnActivity(idle, DELAY + 5, context(CHAT_STATUS.Away));
    expect(back.send).toBe(CHAT_STATUS.Available);
    expect(back.state.idle).toBe(false);
    // More mouse moves before the server answers: nothing more is sent.
    expect(awayOnActivity(back.state, DELAY + 6, context(CHAT_STATUS.Away)).send).toBeNull();
    // The status changed (say Away again from elsewhere): the next activity may ask again.
    const changed = awayOnStatusChange(back.state);
    expect(awayOnActivity(changed, DELAY + 7, context(CHAT_STATUS.Away)).send).toBe(CHAT_STATUS.Available);
  });

  it('leaves a status set by hand in this tab alone', () => {
    const idle = awayOnTick(startAway(0), DELAY, context(CHAT_STATUS.Available)).state;
    expect(awayOnActivity(idle, DELAY + 5, context(CHAT_STATUS.Away, true)).send).toBeNull();
    expect(awayOnActivity(idle, DELAY + 5, context(CHAT_STATUS.DoNotDisturb)).send).toBeNull();
    expect(awayOnActivity(idle, DELAY + 5, context(CHAT_STATUS.Available)).send).toBeNull();
  });

  it('treats activity in another tab as activity, without sending from this one', () => {
    const idle = awayOnTick(startAway(0), DELAY, context(CHAT_STATUS.Available)).state;
    const woken = awayOnRemoteActivity(idle, DELAY + 10);
    expect(woken.idle).toBe(false);
    expect(woken.lastActivityAt).toBe(DELAY + 10);
    // An older timestamp changes nothing.
    expect(awayOnRemoteActivity(woken, 5)).toBe(woken);
    // And the next tick measures from the other tab's activity.
    expect(awayOnTick(woken, DELAY * 2, context(CHAT_STATUS.Available)).send).toBeNull();
  });

  it('checks often enough for short delays and at most every 5 s', () => {
    expect(awayCheckEveryMs(300_000)).toBe(5_000);
    expect(awayCheckEveryMs(3_000)).toBe(300);
    expect(awayCheckEveryMs(100)).toBe(250);
  });
});
