import { comparePeople } from '@rounds/contracts/names';

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
 * alphabetical order of first then last name with the server's own comparator (contracts/names), so 'Léa'
 * sits with the other L names and Broussard2 comes before Broussard10. The server sends that order already;
 * sorting an ordered list again costs one comparison per contact.
 */
export function groupByInitial<TContact extends { firstName: string; lastName: string; id: string }>(
  contacts: readonly TContact[],
): TContactSection<TContact>[] {
  const sorted = [...contacts].sort(comparePeople);
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

/** One line of the virtual list: a section's header (folded or open) or a contact of an open section. */
export type TContactLine<TContact> =
  | { kind: 'header'; letter: string; count: number; open: boolean }
  | { kind: 'contact'; contact: TContact };

/** The sections as the flat lines the virtual list shows: every header, and the contacts of the open ones. */
export function toLines<TContact>(
  sections: readonly TContactSection<TContact>[],
  folded: ReadonlySet<string>,
): TContactLine<TContact>[] {
  const lines: TContactLine<TContact>[] = [];
  for (const section of sections) {
    const open = !folded.has(section.letter);
    lines.push({ kind: 'header', letter: section.letter, count: section.contacts.length, open });
    if (open) for (const contact of section.contacts) lines.push({ kind: 'contact', contact });
  }
  return lines;
}
