/**
 * How long a message has waited, in words of the reader's language ('12 minutes', '1 hour, 5 minutes'):
 * a reminder says it, so "still waiting after 40 minutes" reads differently from a first notice. Null under
 * a minute: a message that came seconds ago has not been waiting 'for 1 minute' (issue 28); callers say 'just now'.
 */
export function waitedFor(sinceMs: number, nowMs: number, language: string): string | null {
  const minutes = Math.floor((nowMs - sinceMs) / 60_000);
  if (minutes < 1) return null;
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    const parts = rest ? [unit(hours, 'hour'), unit(rest, 'minute')] : [unit(hours, 'hour')];
    return new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }).format(parts);
  }
  return unit(Math.floor(hours / 24), 'day');
}
