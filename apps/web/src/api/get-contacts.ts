import {
  contactRoutes,
  type TContact,
  type TContactListRequest,
  ZContact,
  ZContactListReply,
} from '@rounds/contracts/contacts';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../lib/api-call';
import { usePresenceWatch } from '../lib/presence';

/** Every contact-list query starts with this key; features/contacts/realtime.ts updates them all in place
 * (presence), the group modal's lists included. */
export const CONTACTS_KEY = ['contacts', 'list'] as const;

/**
 * POST /contact/list (spec doc 1 section 7): the directory without the current user, filtered by search
 * and classifications, each contact with their live status.
 */
export async function getContacts(
  request: TContactListRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TContact[]> {
  const reply = await apiCall(contactRoutes.list, { body: request }, { replyCheck: ZContactListShape, signal });
  const contacts = reply.data.contacts;
  // A contract drift (a renamed or retyped field) is in every row, so the first one, checked in full, finds it.
  if (contacts.length > 0) ZContact.parse(contacts[0]);
  return contacts as TContact[];
}

/**
 * The reply's envelope without checking each of its rows: a whole hospital is 20,000 contacts, and checking
 * every one against ZContact took as long as parsing the JSON (a few hundred ms of main thread on each cold
 * Contacts). getContacts checks the first row in full.
 */
const ZContactListShape = ZContactListReply.extend({
  data: z.object({ contacts: z.array(z.unknown()) }),
});

/** The whole directory, no search nor filter: the request Contacts and the group modal open with. */
export const WHOLE_DIRECTORY: TContactListRequest = Object.freeze({
  facilityId: [],
  departmentId: [],
  professionId: [],
  specialtyId: [],
});

/** The whole directory fetched ahead of Contacts (from Recent once its rooms are in, and on a load of Contacts). */
export const prefetchDirectory = (client: QueryClient) => client.prefetchQuery(contactsQueryOptions(WHOLE_DIRECTORY));

export function contactsQueryOptions(request: TContactListRequest) {
  return queryOptions({
    queryKey: [...CONTACTS_KEY, request],
    queryFn: ({ signal }) => getContacts(request, { signal }),
    // While a new search or filter loads, the previous list stays on screen instead of a blank panel.
    placeholderData: keepPreviousData,
  });
}

/** A contact list on screen: its presence stays live (the server tells the tab everyone's while it shows). */
export function useContacts(request: TContactListRequest) {
  usePresenceWatch();
  return useQuery(contactsQueryOptions(request));
}
