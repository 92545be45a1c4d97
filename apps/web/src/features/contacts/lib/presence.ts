import type { TContact, TPresenceEvent } from '@rounds/contracts/contacts';

/**
 * A contact list with one contact's presence replaced (UserOnline, UserOffline, ChatStatusChanged). The same
 * list comes back when nothing changes, so TanStack Query re-renders nothing.
 */
export function withPresence<TList extends readonly TContact[] | undefined>(
  contacts: TList,
  event: TPresenceEvent,
): TList {
  if (!contacts) return contacts;
  const index = contacts.findIndex((contact) => contact.id === event.userId);
  const current = contacts[index];
  if (!current) return contacts;
  if (current.chatStatus === event.chatStatus && current.connected === event.connected) return contacts;
  const next = [...contacts];
  next[index] = { ...current, chatStatus: event.chatStatus, connected: event.connected };
  return next as unknown as TList;
}
