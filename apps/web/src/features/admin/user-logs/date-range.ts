import dayjs from 'dayjs';

/** A range as Mantine's DatePickerInput holds it: 'YYYY-MM-DD' strings, null for an open end. */
export type TDayRange = [string | null, string | null];

/**
 * The logs query's from and to (doc 2 section 7): unix seconds at the start of the first day and the end of
 * the last, in the reader's own time zone. A range with one day picked so far covers that day.
 */
export function rangeToSeconds([start, end]: TDayRange): { from?: number; to?: number } {
  if (!start) return {};
  return {
    from: dayjs(start).startOf('day').unix(),
    to: dayjs(end ?? start)
      .endOf('day')
      .unix(),
  };
}

/** A log's date as the table shows it (doc 2 section 2): YYYY-MM-DD hh:mm A from its seconds. */
export function formatLogDate(seconds: number): string {
  return dayjs.unix(seconds).format('YYYY-MM-DD hh:mm A');
}

export type TRangePreset = {
  key: 'today' | 'allTime' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';
  value: TDayRange;
};

const day = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');

/**
 * The picker's ranges (doc 2 section 2): the usual ones with All Time in place of Yesterday. Weeks start on
 * Monday, as Mantine's calendar draws them; nothing reaches past today.
 */
export function rangePresets(now: Date = new Date()): TRangePreset[] {
  const today = dayjs(now);
  const weekStart = today.subtract((today.day() + 6) % 7, 'day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { key: 'today', value: [day(today), day(today)] },
    { key: 'allTime', value: [null, null] },
    { key: 'thisWeek', value: [day(weekStart), day(today)] },
    { key: 'lastWeek', value: [day(weekStart.subtract(7, 'day')), day(weekStart.subtract(1, 'day'))] },
    { key: 'thisMonth', value: [day(today.startOf('month')), day(today)] },
    { key: 'lastMonth', value: [day(lastMonth.startOf('month')), day(lastMonth.endOf('month'))] },
  ];
}
