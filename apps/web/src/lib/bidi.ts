/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). A name or file name
 * holding U+202E shows 'invoice‮gpj.exe' as 'invoiceexe.jpg'; in a message it can turn '10 mg' around. The
 * server stores them (right-to-left writers may use them); the web drops them from everything it receives,
 * so no user-provided text can reorder what it shows (docs/decisions.md "Text from users").
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const HAS_BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

export function stripBidiControls(text: string): string {
  return HAS_BIDI_CONTROL.test(text) ? text.replace(BIDI_CONTROLS, '') : text;
}

/**
 * The same for every string in a received value (a reply or a socket payload), in place for objects and
 * arrays, which are freshly parsed and not shared yet; returns the value (or the cleaned string).
 */
export function inertBidi<T>(value: T): T {
  if (typeof value === 'string') return stripBidiControls(value) as T;
  if (value === null || typeof value !== 'object' || value instanceof Blob) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = inertBidi(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = inertBidi(record[key]);
  return value;
}
