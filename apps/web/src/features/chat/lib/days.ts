/**
 * Calendar days in the reader's time zone: the message list separates days and the room list groups by the
 * day of the last message (spec doc 1 section 9, "dates grouped by day with Today").
 */
export function dayStart(at: number): number {
  const date = new Date(at);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

export type TDayKind = 'today' | 'yesterday' | 'date';

export function dayKind(at: number, now: number): TDayKind {
  const day = dayStart(at);
  const today = dayStart(now);
  if (day >= today) return 'today';
  // Yesterday's midnight from the calendar, not now - 24 h: a daylight-saving day is 23 or 25 hours long.
  const yesterday = new Date(today);
  yesterday.setDate(yesterday.getDate() - 1);
  return day >= yesterday.getTime() ? 'yesterday' : 'date';
}
