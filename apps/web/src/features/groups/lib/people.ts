import type { TContact } from '@rounds/contracts/contacts';

/**
 * A person as the modal shows and picks them: a contact of the directory, or a member of the room being
 * edited (a chat room's participant has the same fields).
 */
export type TPerson = Pick<
  TContact,
  'id' | 'firstName' | 'lastName' | 'fullName' | 'avatar' | 'chatStatus' | 'connected'
>;

/**
 * Only people who have signed in at least once can be put in a group (spec doc 1 section 4): a group with
 * someone who never opened Rounds would look staffed when it is not. Deleted users are not in the directory.
 */
export function isPickable(contact: Pick<TContact, 'lastLoginDate'>): boolean {
  return contact.lastLoginDate !== null;
}
