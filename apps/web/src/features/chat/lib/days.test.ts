import { describe, expect, it } from 'vitest';
import { dayKind, dayStart } from './days';
import { formatDate, formatTime, roomTime } from './format-time';

const now = new Date(2025, 2, 10, 0, 30).getTime();

describe('dayKind', () => {
  it('tells today, yesterday and earlier by the calendar, not by 24 hours', () => {
    expect(dayKind(new Date(2025, 2, 10, 0, 5).getTime(), now)).toBe('today');
    expect(dayKind(new Date(2025, 2, 9, 23, 55).getTime(), now)).toBe('yesterday');
    expect(dayKind(new Date(2025, 2, 9, 0, 0).getTime(), now)).toBe('yesterday');
    expect(dayKind(new Date(2025, 2, 8, 23, 59).getTime(), now)).toBe('date');
  });

  it('starts a day at local midnight', () => {
    expect(dayStart(new Date(2025, 2, 10, 17, 45).getTime())).toBe(new Date(2025, 2, 10).getTime());
  });
});

describe('formatTime and formatDate', () => {
  const at = new Date(2025, 2, 3, 14, 5).getTime();

  it('writes times h:mm A in English and HH:mm in French', () => {
    expect(formatTime(at, 'en')).toBe('2:05 PM');
    expect(formatTime(at, 'fr')).toBe('14:05');
  });

  it('writes dates in the reader’s language, with the year only when it is not this one', () => {
    expect(formatDate(at, 'en', now)).toBe('Monday, March 3');
    expect(formatDate(at, 'fr', now)).toBe('Lundi 3 mars');
    expect(formatDate(new Date(2024, 11, 24).getTime(), 'en', now)).toBe('Tuesday, December 24, 2024');
  });

  it('shows the time for today in the room list, Yesterday, or a short date', () => {
    expect(roomTime(new Date(2025, 2, 10, 0, 10).getTime(), 'en', now, 'Yesterday')).toBe('12:10 AM');
    expect(roomTime(new Date(2025, 2, 9, 9).getTime(), 'fr', now, 'Hier')).toBe('Hier');
    expect(roomTime(at, 'fr', now, 'Hier')).toBe('03/03/25');
    expect(roomTime(at, 'en', now, 'Yesterday')).toBe('3/3/25');
  });
});
