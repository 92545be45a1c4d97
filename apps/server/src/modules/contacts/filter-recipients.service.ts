import { CHAT_LIMITS, type TChatRoom } from '@rounds/contracts/chat';
import type { TFilterRecipients, ZFilterParams } from '@rounds/contracts/contacts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, invalidField } from '../../lib/errors';
import type { RoomsService } from '../chat/rooms.service';
import { usersByIds } from '../users/users.store';
import type { Directory } from './staff-directory';

type TFilterParams = z.output<typeof ZFilterParams>;
type Recipients = { params: TFilterParams; onShift: boolean };

export type FilterRecipientsDeps = {
  db: Db;
  directory: Pick<Directory, 'peopleIds'>;
  rooms: Pick<RoomsService, 'create'>;
  /** Who holds an on-call duty role at an instant, by hand or by the schedule (the on-call module's answer). */
  onDutyAt: (at: number) => Promise<Set<string>>;
};

/** Ids asked of the database at a time: far below either engine's limit on bound values. */
const CHUNK = 500;

/**
 * A saved (or the current) directory filter used as a recipient list (issue 25): the server finds the people
 * at the instant of asking, with the directory's own query, and the group is made by the rooms service as any
 * group is. Nothing the client lists is trusted: it sends the filter, never the people.
 */
export function createFilterRecipientsService({ db, directory, rooms, onDutyAt }: FilterRecipientsDeps) {
  /** The people the filter finds besides the asker, live and (apart) those who never signed in. */
  const resolve = async (userId: string, { params, onShift }: Recipients) => {
    let ids = await directory.peopleIds(userId, {
      facilityId: params.facility,
      departmentId: params.department,
      professionId: params.profession,
      specialtyId: params.specialty,
      suffixId: [],
    });
    if (onShift) {
      const onDuty = await onDutyAt(Date.now());
      ids = ids.filter((id) => onDuty.has(id));
    }
    // The directory is as current as its last change; the rows say who is active and not deleted right now.
    const signedIn: string[] = [];
    let neverSignedIn = 0;
    for (let at = 0; at < ids.length; at += CHUNK) {
      const part = ids.slice(at, at + CHUNK);
      const live = new Map(
        (await usersByIds(db, part, ['last_login_at'], 'live')).map((r) => [r.id, r.last_login_at !== null]),
      );
      for (const id of part) {
        const state = live.get(id);
        if (state === true) signedIn.push(id);
        else if (state === false) neverSignedIn += 1;
      }
    }
    return { ids: signedIn, neverSignedIn };
  };

  return {
    /** What the confirmation says: how many people a group made now would reach. */
    async count(userId: string, request: Recipients): Promise<TFilterRecipients> {
      const { ids, neverSignedIn } = await resolve(userId, request);
      return { count: ids.length, neverSignedIn };
    },

    /** A group of the sender (its owner) and everyone the filter finds now, under the name the sender gave. */
    async startGroup(userId: string, request: Recipients & { name: string }): Promise<TChatRoom> {
      const { ids } = await resolve(userId, request);
      if (ids.length === 0) {
        throw invalidField('params', request.onShift ? 'nobodyOnShift' : 'noRecipients', {}, 'NO_RECIPIENTS');
      }
      const max = CHAT_LIMITS.groupMembersMax - 1;
      if (ids.length > max) {
        throw new AppError(413, 'TOO_MANY_RECIPIENTS', 'tooManyRecipients', {}, { count: ids.length, max });
      }
      return rooms.create(userId, { type: 'group', participants: ids, name: request.name });
    },
  };
}

export type FilterRecipientsService = ReturnType<typeof createFilterRecipientsService>;
