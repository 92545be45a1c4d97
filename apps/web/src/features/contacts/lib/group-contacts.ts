/** The accordion section of a name: its first letter without accents, or '#' for anything else. */
export function initialOf(name: string): string {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

export type TContactSection<TContact> = { letter: string; contacts: TContact[] };

/**
 * Contacts in accordion sections by the first letter of the first name, A to Z then '#', each section in
 * alphabetical order of first then last name. Sorted here with the reader's collation rather than trusting
 * the server's order, so 'Léa' sits with the other L names, before 'Liam', and not after 'Lucas'.
 */
export function groupByInitial<TContact extends { firstName: string; lastName: string; id: string }>(
  contacts: readonly TContact[],
  locale: string,
): TContactSection<TContact>[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sorted = [...contacts].sort(
    (a, b) =>
      collator.compare(a.firstName, b.firstName) ||
      collator.compare(a.lastName, b.lastName) ||
      a.id.localeCompare(b.id),
  );
  const sections = new Map<string, TContact[]>();
  for (const contact of sorted) {
    const letter = initialOf(contact.firstName || contact.lastName);
    const section = sections.get(letter);
    if (section) section.push(contact);
    else sections.set(letter, [contact]);
  }
  return [...sections.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({ letter, contacts: list }));
}
