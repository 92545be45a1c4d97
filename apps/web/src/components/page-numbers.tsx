import { Group, Pagination, Text } from '@mantine/core';

type TPageNumbersProps = {
  /** The current page, counted from 1. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** The accessible name of the navigation, e.g. 'Pages of departments'. */
  label: string;
  /** A line beside the numbers, e.g. '21 items'. */
  summary?: string;
  /** Names of the arrow buttons, in the reader's language. */
  previous: string;
  next: string;
};

/**
 * Page numbers under an admin table, shown only when there is more than one page (doc 2 section 2): two
 * pages kept at each end and three around the current one (doc 2 section 9, "2 margin pages, 3 range pages").
 */
export function PageNumbers({ page, pages, onChange, label, summary, previous, next }: TPageNumbersProps) {
  if (pages <= 1 && !summary) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {summary ? (
        <Text fz="sm" c="dimmed">
          {summary}
        </Text>
      ) : (
        <span />
      )}
      {pages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            boundaries={2}
            siblings={1}
            size="sm"
            radius="md"
            getControlProps={(control) =>
              control === 'previous' ? { 'aria-label': previous } : control === 'next' ? { 'aria-label': next } : {}
            }
          />
        </nav>
      )}
    </Group>
  );
}
