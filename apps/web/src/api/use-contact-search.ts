import { useDebouncedValue } from '@mantine/hooks';
import type { TContact, TContactListRequest } from '@rounds/contracts/contacts';
import { TIMINGS } from '@rounds/contracts/limits';
import { matchesSearchKey, searchKey } from '@rounds/contracts/names';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { listLoad, type TListLoad } from '../lib/list-load';
import { contactsQueryOptions, useContacts } from './get-contacts';

/** A contact's search key, built once per contact object (presence updates replace only the changed one). */
const keys = new WeakMap<TContact, string>();

function keyOf(contact: TContact): string {
  let key = keys.get(contact);
  if (key === undefined) {
    key = searchKey(contact.firstName, contact.lastName, contact.email);
    keys.set(contact, key);
  }
  return key;
}

/** The contacts of a list the server sent that match a typed search, by the server's own rule. */
export function searchLocally(contacts: readonly TContact[], search: string): TContact[] {
  return contacts.filter((contact) => matchesSearchKey(keyOf(contact), search));
}

/** A list request without its search term: the classification filters only. */
export type TContactFilters = Omit<TContactListRequest, 'search' | 'name'>;

/**
 * The directory searched while typing (Contacts, the group modal's people). The server is asked once the
 * typing pauses (the spec's 500 ms debounce), and a request overtaken by the next one is cancelled (TanStack
 * Query aborts the signal when its query loses its last observer). Meanwhile the answer comes from the list
 * already here: the same filters without a search, when it is cached, or the previous answer when the new
 * text only narrows it, filtered by the server's rule (contracts/names), so the list follows each keystroke
 * and the server's answer then replaces it with the same people. The filtering runs on a deferred copy of the
 * text, so typing never waits for the list.
 */
export function useContactSearch(filters: TContactFilters, typed: string) {
  const queryClient = useQueryClient();
  const [debounced] = useDebouncedValue(typed, TIMINGS.searchDebounceMs);
  const term = debounced.trim();
  const request = useMemo<TContactListRequest>(() => (term ? { ...filters, search: term } : filters), [filters, term]);
  const query = useContacts(request);
  const deferred = useDeferredValue(typed).trim();

  const local = useMemo(() => {
    // Once the typing has paused the server is asked; until it answers, the list filtered here (by the server's
    // own rule) stays as it is rather than dimmed: the same people, with no flicker while the answer comes.
    if (deferred.toLowerCase() === term.toLowerCase() && !query.isPlaceholderData) return null;
    const whole = queryClient.getQueryData(contactsQueryOptions(filters).queryKey);
    const source =
      whole ??
      (!query.isPlaceholderData && deferred.toLowerCase().includes(term.toLowerCase()) ? query.data : undefined);
    return source ? searchLocally(source, deferred) : null;
  }, [deferred, term, filters, queryClient, query.data, query.isPlaceholderData]);

  const load: TListLoad = listLoad(query);
  return {
    contacts: local ?? query.data,
    /** Where the list stands; a list filtered here is shown as it is, neither loading, failed nor dimmed. */
    load: local ? { ...load, loading: false, failed: false, refreshing: false } : load,
    /** A search is typed (the list is narrowed by it), whether or not the server has answered it yet. */
    searching: typed.trim().length > 0,
  };
}
