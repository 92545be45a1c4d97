import type { TReferenceKind } from '@rounds/contracts/reference';
import type { TAdminSection } from '@rounds/contracts/routes';
import type { TUser } from '@rounds/contracts/user';

/** The five reference sections of administration and the kind of reference data each one edits. */
export const REFERENCE_SECTIONS = {
  facilities: 'facility',
  departments: 'department',
  roles: 'profession',
  specialties: 'specialty',
  suffixes: 'suffix',
} as const satisfies Partial<Record<TAdminSection, TReferenceKind>>;
export type TReferenceSection = keyof typeof REFERENCE_SECTIONS;

export function isReferenceSection(section: string): section is TReferenceSection {
  return Object.hasOwn(REFERENCE_SECTIONS, section);
}

/** Where a user's items of each kind are, for the members table's comma lists. */
export const USER_ITEMS = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
  suffix: 'suffixes',
} as const satisfies Record<TReferenceKind, keyof TUser>;

/** Clinical role and suffix hold one value: adding a user replaces theirs (doc 2 section 4). */
export const SINGLE_VALUED: readonly TReferenceKind[] = ['profession', 'suffix'];

/** Page sizes of doc 2 section 9. */
export const REFERENCE_PAGE_SIZE = 10;
export const MEMBER_PAGE_SIZE = 5;
