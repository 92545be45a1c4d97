import type { TAckGridEntry, TAckGridState } from '@rounds/contracts/chat';

export type TAckGridFilter = 'all' | TAckGridState;

/** The grid's filters, in the order they are offered: everyone, then the states, still waiting first. */
export const ACK_GRID_FILTERS: readonly TAckGridFilter[] = ['all', 'notReached', 'delivered', 'read', 'acknowledged'];

/** The recipients a filter and a name search keep, in the server's order (those still waiting first). */
export function filterGrid(
  recipients: readonly TAckGridEntry[],
  filter: TAckGridFilter,
  search: string,
): readonly TAckGridEntry[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (filter === 'all' && words.length === 0) return recipients;
  return recipients.filter((r) => {
    if (filter !== 'all' && r.state !== filter) return false;
    const name = r.fullName.toLocaleLowerCase();
    return words.every((w) => name.includes(w));
  });
}
