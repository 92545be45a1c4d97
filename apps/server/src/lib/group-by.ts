/** The rows' values in lists by key, each list in the rows' order. */
export function groupBy<T, V>(rows: Iterable<T>, keyOf: (row: T) => string, itemOf: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(itemOf(row));
    else groups.set(key, [itemOf(row)]);
  }
  return groups;
}
