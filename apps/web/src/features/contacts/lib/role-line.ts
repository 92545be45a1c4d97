import type { TContact } from '@rounds/contracts/contacts';

/** 'Registered Nurse · RN': the clinical role and suffix line under a name. */
export function roleLine(contact: Pick<TContact, 'professions' | 'suffixes'>): string {
  const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');
  return [names(contact.professions), names(contact.suffixes)].filter(Boolean).join(' · ');
}
