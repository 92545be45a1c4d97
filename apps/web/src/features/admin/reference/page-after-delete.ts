/**
 * The page to show after deleting a row (doc 2 section 4): the last row of a page that is not the first
 * steps back one page, since that page no longer exists.
 */
export function pageAfterDelete(page: number, rowsOnPage: number, firstPage = 1): number {
  return rowsOnPage <= 1 && page > firstPage ? page - 1 : page;
}

/** The number of pages for a total, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
