/** Users and the reference lists show 10 a page (doc 2 section 9). */
export const USERS_PAGE_SIZE = 10;

/** Pagination shows 2 margin pages and 3 range pages (doc 2 section 9): Mantine's boundaries and siblings. */
export const PAGINATION = { boundaries: 2, siblings: 1 } as const;

export function pageCount(total: number, pageSize = USERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page to show after deleting a row (doc 2 section 4): deleting the last row of a page steps back one
 * page, so the table does not land on an empty page; the first page stays.
 */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
