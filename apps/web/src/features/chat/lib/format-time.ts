import type { TLanguage } from '@rounds/contracts/common';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { dayKind } from './days';

/** Message times: HH:mm in French, h:mm A otherwise (spec doc 1 section 9). */
export function formatTime(at: number, language: TLanguage): string {
  return dayjs(at)
    .locale(language)
    .format(language === 'fr' ? 'HH:mm' : 'h:mm A');
}

/** A date heading: 'Monday, March 2' this year, with the year otherwise; French day-month order. */
export function formatDate(at: number, language: TLanguage, now: number): string {
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  const pattern =
    language === 'fr'
      ? sameYear
        ? 'dddd D MMMM'
        : 'dddd D MMMM YYYY'
      : sameYear
        ? 'dddd, MMMM D'
        : 'dddd, MMMM D, YYYY';
  const text = dayjs(at).locale(language).format(pattern);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short date for the room list: '3/2/2025' / '02/03/2025' style, kept narrow. */
export function formatShortDate(at: number, language: TLanguage): string {
  return dayjs(at)
    .locale(language)
    .format(language === 'fr' ? 'DD/MM/YY' : 'M/D/YY');
}

/** The time shown on a room in the list: the time for today, 'yesterday' or a short date otherwise. */
export function roomTime(at: number, language: TLanguage, now: number, yesterday: string): string {
  const kind = dayKind(at, now);
  if (kind === 'today') return formatTime(at, language);
  if (kind === 'yesterday') return yesterday;
  return formatShortDate(at, language);
}
