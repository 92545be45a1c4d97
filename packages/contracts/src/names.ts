/**
 * How people's names are ordered and searched, on the server and in the browser alike (zod-free, so the web's
 * first download can import it). One collator for both sides: the directory arrives in the order the lists
 * show it, and a list sorted again in the browser does not move.
 */

/**
 * Alphabetical as people read it: accents and case do not separate names (Léa next to Lea, not after Lucas),
 * and digits compare as numbers (Broussard2 before Broussard10). English and French collate Latin names
 * alike, so the order does not depend on the reader's language.
 */
const collator = new Intl.Collator(['en', 'fr'], { sensitivity: 'base', numeric: true });

/** Two texts in reading order (names, group names). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

type TNamed = { firstName: string; lastName: string; id: string };

/** People by first name, then last name, then id, so equal names keep one stable order everywhere. */
export function comparePeople(a: TNamed, b: TNamed): number {
  return (
    collator.compare(a.firstName, b.firstName) ||
    collator.compare(a.lastName, b.lastName) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The text the directory search matches: both name orders and the email, lowercased. Stored on users and
 * rewritten by every write that changes a name or an email (the migration computes it the same way); the
 * browser builds the same key to answer a search from the list it already has while the server is asked.
 */
export function searchKey(firstName: string, lastName: string, email: string): string {
  return `${firstName} ${lastName} ${lastName} ${firstName} ${email}`.toLowerCase();
}

/** Whether a search key matches a typed search, as POST /contact/list decides: the trimmed, lowercased text is in it. */
export function matchesSearchKey(key: string, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || key.includes(term);
}
