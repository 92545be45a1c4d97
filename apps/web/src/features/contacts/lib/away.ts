import { CHAT_STATUS, type TChatStatus } from '@rounds/contracts/user';
import type { TSettableStatus } from './chat-status';

/**
 * Presence after inactivity (spec doc 2 section 4), as a pure state machine the hook drives:
 * - after `awayAfterMs` without activity in any tab of the user, an Available user becomes Away;
 * - on activity an Away user returns to Available, unless the status was set by hand.
 * Both changes are sent as automatic (manual: false). The server ignores an automatic change while a status
 * chosen by hand is in force, so a tab that cannot know (the choice was made in another tab) may still ask,
 * once per status change, and the server decides.
 */
export type TAwayState = {
  /** The latest activity seen, in this tab or (shared through storage) another tab of the user. */
  lastActivityAt: number;
  /** Set by the tick that found no activity for the delay; cleared by any activity. */
  idle: boolean;
  /** Available was already asked for since the status last changed: not again on every mouse move. */
  returnAsked: boolean;
};

export type TAwayContext = {
  /** The user's own status as the server last told it. */
  status: TChatStatus;
  /** This tab set the current status by hand (the status menu). */
  byHand: boolean;
  awayAfterMs: number;
};

/** The next state, and the status to send automatically if any (null: send nothing). */
export type TAwayStep = { state: TAwayState; send: TSettableStatus | null };

export function startAway(now: number): TAwayState {
  return { lastActivityAt: now, idle: false, returnAsked: false };
}

/** A periodic check: long enough without activity makes an Available user Away. */
export function awayOnTick(state: TAwayState, now: number, context: TAwayContext): TAwayStep {
  if (state.idle || now - state.lastActivityAt < context.awayAfterMs) return { state, send: null };
  const idle = { ...state, idle: true, returnAsked: false };
  return { state: idle, send: context.status === CHAT_STATUS.Available ? CHAT_STATUS.Away : null };
}

/** Pointer, key, wheel, touch or the tab becoming visible, in this tab. */
export function awayOnActivity(state: TAwayState, now: number, context: TAwayContext): TAwayStep {
  const active = { ...state, lastActivityAt: Math.max(state.lastActivityAt, now), idle: false };
  if (context.status === CHAT_STATUS.Away && !context.byHand && !state.returnAsked) {
    return { state: { ...active, returnAsked: true }, send: CHAT_STATUS.Available };
  }
  return { state: active, send: null };
}

/**
 * Activity in another tab of the user: this tab is not idle either, but leaves the return to Available to
 * the tab where the user actually is, so one change is sent, not one per tab.
 */
export function awayOnRemoteActivity(state: TAwayState, at: number): TAwayState {
  if (at <= state.lastActivityAt) return state;
  return { ...state, lastActivityAt: at, idle: false };
}

/** The own status changed (any tab, any device): a later activity may ask for Available again. */
export function awayOnStatusChange(state: TAwayState): TAwayState {
  return state.returnAsked ? { ...state, returnAsked: false } : state;
}

/** How often to check: often enough to be on time within a few seconds, never busier than 4 times a second. */
export function awayCheckEveryMs(awayAfterMs: number): number {
  return Math.min(5_000, Math.max(250, Math.floor(awayAfterMs / 10)));
}
