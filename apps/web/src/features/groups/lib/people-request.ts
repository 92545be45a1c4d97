import type { TContact, TContactListRequest } from '@rounds/contracts/contacts';
import type { TReferenceKind } from '@rounds/contracts/reference';
import type { TPerson } from './people';

/** The four classification filters of the People tab, in screen order; each is a reference kind. */
export const FILTER_KINDS = [
  'facility',
  'department',
  'profession',
  'specialty',
] as const satisfies readonly TReferenceKind[];
export type TFilterKind = (typeof FILTER_KINDS)[number];
export type TPeopleFilters = Readonly<Record<TFilterKind, readonly string[]>>;

export const NO_FILTERS: TPeopleFilters = Object.freeze({
  facility: [],
  department: [],
  profession: [],
  specialty: [],
});

export function filterCount(filters: TPeopleFilters): number {
  return FILTER_KINDS.reduce((sum, kind) => sum + filters[kind].length, 0);
}

/**
 * The POST /contact/list body. Shaped exactly as the Contacts screen shapes it, so the unfiltered list is one
 * cached query for both, kept current by the same presence events.
 */
export function toListRequest(filters: TPeopleFilters, search: string): TContactListRequest {
  const term = search.trim();
  return {
    ...(term ? { search: term } : {}),
    facilityId: [...filters.facility],
    departmentId: [...filters.department],
    professionId: [...filters.profession],
    specialtyId: [...filters.specialty],
  };
}

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
