import type { TContact } from '@rounds/contracts/contacts';
import type { TClassificationFilters } from '../../../lib/classification-filters';
import type { TPerson } from './people';

export const NO_FILTERS: TClassificationFilters = Object.freeze({
  facility: [],
  department: [],
  profession: [],
  specialty: [],
});

/** 'Registered Nurse · RN': the clinical role and suffix line under a name. */
export function detailLine(contact: Pick<TContact, 'professions' | 'suffixes'>): string {
  const names = (items: readonly { name: string }[]) => items.map((item) => item.name).join(', ');
  return [names(contact.professions), names(contact.suffixes)].filter(Boolean).join(' · ');
}

const persons = new WeakMap<TContact, TPerson & { detail: string }>();

/**
 * A contact as the list shows it and the selection keeps it. The same contact object gives the same person,
 * so a list narrowed by each keystroke re-renders only rows whose person changed (presence replaces one).
 */
export function toPerson(contact: TContact): TPerson & { detail: string } {
  let person = persons.get(contact);
  if (!person) {
    person = makePerson(contact);
    persons.set(contact, person);
  }
  return person;
}

function makePerson(contact: TContact): TPerson & { detail: string } {
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.fullName,
    avatar: contact.avatar,
    chatStatus: contact.chatStatus,
    connected: contact.connected,
    detail: detailLine(contact),
  };
}
