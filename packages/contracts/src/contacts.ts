import { z } from 'zod';
import { apiRoute } from './api-route';
import { ZChatRoomReply, ZGroupName } from './chat';
import { ZId } from './common';
import { LIMITS } from './limits';
import { ZChatStatus, ZUser } from './user';
import { MSG, plainText } from './validation';

const ZIds = z.array(ZId).max(500).optional().default([]);

/** POST /contact/list: every filter optional; the current user is never in the reply. */
export const ZContactListRequest = z.object({
  search: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  name: plainText(z.string().trim().max(LIMITS.textMaxLength)).optional(),
  facilityId: ZIds,
  departmentId: ZIds,
  professionId: ZIds,
  specialtyId: ZIds,
  suffixId: ZIds,
});
export type TContactListRequest = z.input<typeof ZContactListRequest>;

export const ZContact = ZUser.pick({
  id: true,
  firstName: true,
  lastName: true,
  fullName: true,
  email: true,
  phone: true,
  phoneCountryCode: true,
  avatar: true,
  role: true,
  facilities: true,
  departments: true,
  professions: true,
  specialties: true,
  suffixes: true,
  lastLoginDate: true,
  chatStatus: true,
  connected: true,
  permissions: true,
});
export type TContact = z.infer<typeof ZContact>;
export const ZContactListReply = z.object({ data: z.object({ contacts: z.array(ZContact) }) });

/** Saved filters: GET /filter (results), POST /filter (data), DELETE /filter {id}. */
export const ZFilterParams = z.object({
  facility: z.array(ZId).max(500).default([]),
  department: z.array(ZId).max(500).default([]),
  profession: z.array(ZId).max(500).default([]),
  specialty: z.array(ZId).max(500).default([]),
});
export const ZSavedFilter = z.object({ id: z.string(), name: z.string(), params: ZFilterParams });
export type TSavedFilter = z.infer<typeof ZSavedFilter>;
export const ZSavedFiltersReply = z.object({ results: z.array(ZSavedFilter) });
/** Params that choose something: an empty filter is the whole directory, neither saved nor messaged. */
const ZChosenFilterParams = ZFilterParams.refine(
  (p) => p.facility.length + p.department.length + p.profession.length + p.specialty.length > 0,
  'Choose at least one filter',
);
export const ZCreateFilterRequest = z.object({
  name: plainText(z.string().trim().min(1, MSG.required).max(LIMITS.textMaxLength)),
  params: ZChosenFilterParams,
});
export const ZSavedFilterReply = z.object({ data: ZSavedFilter });
export const ZDeleteFilterRequest = z.object({ id: ZId });
export const ZDeleteFilterReply = z.object({ message: z.string() });

/**
 * A filter as a recipient list (issue 25, "all ICU nurses on shift"): the server finds the people the params
 * find in the directory at that instant, never a list the client sends. `onShift` keeps those who hold an
 * on-call duty role now, by hand or by the schedule (docs/decisions.md).
 */
export const ZFilterRecipientsRequest = z.object({
  params: ZChosenFilterParams,
  onShift: z.boolean().optional().default(false),
});
export type TFilterRecipientsRequest = z.input<typeof ZFilterRecipientsRequest>;
/**
 * Who a group made now would hold besides the sender: `count` people; `neverSignedIn` more the filter finds
 * are left out, as only people who have signed in can be put in a group (spec doc 1 section 4).
 */
export const ZFilterRecipientsReply = z.object({
  data: z.object({ count: z.number().int(), neverSignedIn: z.number().int() }),
});
export type TFilterRecipients = z.infer<typeof ZFilterRecipientsReply>['data'];
/** "Message these people": a group of everyone the filter finds, owned by the sender, under a name they give. */
export const ZFilterGroupRequest = ZFilterRecipientsRequest.extend({ name: ZGroupName });
export type TFilterGroupRequest = z.input<typeof ZFilterGroupRequest>;

/** The directory (spec doc 1 section 7) and each user's own saved filters. */
export const contactRoutes = {
  /** The body may be left out: the whole directory. */
  list: apiRoute({
    method: 'POST',
    path: '/contact/list',
    body: ZContactListRequest.optional(),
    reply: ZContactListReply,
  }),
  filters: apiRoute({ method: 'GET', path: '/filter', reply: ZSavedFiltersReply }),
  createFilter: apiRoute({ method: 'POST', path: '/filter', body: ZCreateFilterRequest, reply: ZSavedFilterReply }),
  deleteFilter: apiRoute({ method: 'DELETE', path: '/filter', body: ZDeleteFilterRequest, reply: ZDeleteFilterReply }),
  /** How many people a filter would reach: the count the confirmation shows. */
  filterRecipients: apiRoute({
    method: 'POST',
    path: '/filter/recipients',
    body: ZFilterRecipientsRequest,
    reply: ZFilterRecipientsReply,
  }),
  /** Starts a group with the people a filter finds; too many for a group is 413, nobody 400. */
  filterGroup: apiRoute({
    method: 'POST',
    path: '/filter/group',
    body: ZFilterGroupRequest,
    reply: ZChatRoomReply,
    errors: {
      400: ['VALIDATION_ERROR', 'NO_RECIPIENTS'],
      409: 'DUPLICATE_NAME',
      413: 'TOO_MANY_RECIPIENTS',
    },
  }),
} as const;

/** Socket: ChangeChatStatus from a client, and the presence events every client receives. */
export const ZChangeChatStatus = z.object({ chatStatus: ZChatStatus, manual: z.boolean().optional().default(true) });
export const ZPresenceEvent = z.object({ userId: z.string(), chatStatus: ZChatStatus, connected: z.boolean() });
export type TPresenceEvent = z.infer<typeof ZPresenceEvent>;
/**
 * PresenceBatch (server → a user): beyond the spec. Presence is coalesced per short tick; a recipient with one
 * change in the tick gets the spec's UserOnline, UserOffline or ChatStatusChanged, one with several gets them
 * together here, in order, each naming the event it stands for and read as that event would be.
 */
export const ZPresenceBatchEvent = z.object({
  changes: z.array(ZPresenceEvent.extend({ event: z.enum(['UserOnline', 'UserOffline', 'ChatStatusChanged']) })).min(1),
});
export type TPresenceBatchEvent = z.infer<typeof ZPresenceBatchEvent>;
/**
 * WatchPresence (client → server): beyond the spec. A tab showing a contact list asks for everyone's presence
 * while it shows it; otherwise it hears only about the people it shares a room with (and itself).
 */
export const ZWatchPresence = z.object({ watching: z.boolean() });

/** NewRegisteredContact (server → everyone): a user finished verification and is now in the directory. */
export const ZNewRegisteredContactEvent = z.object({ userId: ZId });
