/**
 * How long a journey step may take before it counts as broken. The journeys wait for states and events (a DOM
 * state, a socket event, a reply), so a deadline only bounds how long a broken step hangs, and a generous one
 * costs nothing when the step works. Every deadline is written as the time the step needs on an idle machine
 * and passed through budget(): on a shared 2-core machine at load 15-30 (other browsers and servers, and the
 * suite's own) the same work took up to four times as long, so that is the room given by default. E2E_SLOW
 * multiplies it again for a slower machine still (an emulated CPU, say).
 */
const BUSY = 4;
const SLOW = Math.max(1, Number(process.env.E2E_SLOW) || 1);

export const budget = (idleMs: number): number => Math.round(idleMs * BUSY * SLOW);
