import dayjs from 'dayjs';

/** The picker's days, 'YYYY-MM-DD' as Mantine's DatePickerInput holds them; null until picked. */
export type TExportDays = [string | null, string | null];

/**
 * The export's [from, to) in epoch milliseconds: from the start of the first day to the start of the day after
 * the last, in the Admin's time zone, so the last day is whole. One day picked covers that day; none, nothing.
 */
export function exportRange([first, last]: TExportDays): { from: number; to: number } | null {
  if (!first) return null;
  return {
    from: dayjs(first).startOf('day').valueOf(),
    to: dayjs(last ?? first)
      .add(1, 'day')
      .startOf('day')
      .valueOf(),
  };
}
