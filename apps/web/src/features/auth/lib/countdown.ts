/**
 * The resend countdown of the confirm screens (spec doc 1 section 4): it starts at 10 when the screen
 * opens or a code is sent, ticks each second, and Resend stays disabled while it is above 0. Computed from
 * the start time rather than decremented, so a throttled background tab still shows the right number.
 */
export function secondsLeft(startedAt: number, now: number, total: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, total - elapsed);
}

/** Resend is offered once the countdown is over, unless that channel is already verified. */
export function canResend(remaining: number, verified: boolean): boolean {
  return remaining === 0 && !verified;
}

/** Next is enabled only with exactly six digits (spec doc 1 section 5). */
export function isCompleteCode(code: string, length = 6): boolean {
  return new RegExp(`^\\d{${length}}$`).test(code);
}
