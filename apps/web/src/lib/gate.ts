/**
 * A leading-edge gate: the first call passes, further calls within `intervalMs` of the last accepted one do
 * not. Message actions go through one (spec doc 1 section 9: action buttons throttled 2 s), so a double tap
 * copies once and sends one delete; so do contact clicks, so a double tap opens a single chat (spec doc 1 section
 * 2, 5 s).
 */
export function createGate(intervalMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    tryPass(): boolean {
      const at = now();
      if (at - last < intervalMs) return false;
      last = at;
      return true;
    },
  };
}
