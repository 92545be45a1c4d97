/** Pure rules of escalation policies and chains (issue 25): no database, no clock. */

export type PolicyStep = { afterMinutes: number; targetRoleId: string | null; targetUserId: string | null };

/**
 * Where a policy about to be saved for `roleId` loops back to it: a step naming the role itself, or a step
 * whose target role's own chain (through the saved policies of the others) reaches it again. Returns the first
 * such step (0-based) and the roles it passes through, or null.
 */
export function policyLoop(
  roleId: string,
  steps: PolicyStep[],
  targetsOf: (roleId: string) => string[],
): { step: number; path: string[] } | null {
  for (const [i, s] of steps.entries()) {
    if (!s.targetRoleId) continue;
    if (s.targetRoleId === roleId) return { step: i, path: [] };
    // Depth first over the other roles' policies; each role is walked once.
    const seen = new Set<string>();
    const walk = (at: string, path: string[]): string[] | null => {
      if (seen.has(at)) return null;
      seen.add(at);
      for (const next of targetsOf(at)) {
        if (next === roleId) return [...path, at];
        const found = walk(next, [...path, at]);
        if (found) return found;
      }
      return null;
    };
    const path = walk(s.targetRoleId, []);
    if (path) return { step: i, path };
  }
  return null;
}

/**
 * When each step of a chain started at `start` falls due: each step N minutes after the one before it (the
 * first after the message), the final one `finalAfterMinutes` after the last step. `uncovered`: nobody holds
 * the role now, so the first step is due at once (the role falls to its escalation target).
 */
export function chainDueTimes(
  start: number,
  steps: { afterMinutes: number }[],
  finalAfterMinutes: number,
  uncovered: boolean,
  minuteMs = 60_000,
): { steps: number[]; final: number } {
  const due: number[] = [];
  let at = start;
  for (const [i, s] of steps.entries()) {
    at = i === 0 && uncovered ? start : at + s.afterMinutes * minuteMs;
    due.push(at);
  }
  return { steps: due, final: at + finalAfterMinutes * minuteMs };
}
