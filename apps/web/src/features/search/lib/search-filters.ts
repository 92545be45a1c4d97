import type { TSearchMessagesQuery } from '@rounds/contracts/search';
import dayjs from 'dayjs';

/** A date range as Mantine's DatePickerInput holds it: 'YYYY-MM-DD', null for an open end. */
export type TDayRange = [string | null, string | null];

export type TSearchFilters = {
  roomId: string | null;
  senderId: string | null;
  range: TDayRange;
  hasFile: boolean;
  priority: 'IMPORTANT' | 'URGENT' | null;
};

export const NO_FILTERS: TSearchFilters = {
  roomId: null,
  senderId: null,
  range: [null, null],
  hasFile: false,
  priority: null,
};

/** How many filters are set: the Filters button shows it. */
export const filtersSet = (f: TSearchFilters): number =>
  [f.roomId, f.senderId, f.range[0], f.hasFile || null, f.priority].filter((v) => v !== null).length;

/**
 * The query of GET /search/messages: the days picked are whole days of the reader's own time zone (from the
 * start of the first to the start of the day after the last).
 */
export function searchQuery(q: string, f: TSearchFilters): Omit<TSearchMessagesQuery, 'page' | 'pageSize'> {
  const [start, end] = f.range;
  return {
    q,
    ...(f.roomId ? { roomId: f.roomId } : {}),
    ...(f.senderId ? { senderId: f.senderId } : {}),
    ...(start
      ? {
          from: dayjs(start).startOf('day').valueOf(),
          to: dayjs(end ?? start)
            .add(1, 'day')
            .startOf('day')
            .valueOf(),
        }
      : {}),
    ...(f.hasFile ? { hasFile: 'true' as const } : {}),
    ...(f.priority ? { priority: f.priority } : {}),
  };
}

/** Whether the query has a word the server can look up: two characters, or a digit (bed 4). */
export const searchable = (q: string): boolean => /[\p{L}\p{N}]{2}|\p{N}/u.test(q);
