import type { TChatRoom } from '@rounds/contracts/chat';
import { chatPath, ROUTES } from '@rounds/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { type TGroupModalMode, useGroupModal } from '../../../lib/group-modal-store';
import { showToast } from '../../../lib/toast';
import { useAddContacts } from '../api/add-contacts';
import { useCreateGroup } from '../api/create-group';
import { useRoomsByParticipants } from '../api/get-rooms-by-participants';
import { SEARCH_GROUPS_KEY, searchGroups } from '../api/search-groups';
import { useUpdateGroup } from '../api/update-group';
import { failureOutcome } from '../lib/failure';
import { memberIds } from '../lib/group-form';
import { groupNamed, similarRooms } from '../lib/similar-groups';

export type TGroupDraft = { name: string; ids: readonly string[] };

type TGroupSubmitOptions = { mode: TGroupModalMode; twId: string | undefined; meId: string };

/**
 * What Create, Save and Add do (spec doc 1 section 4), and where the user goes next. Every success closes
 * the modal and opens the room in Recent (navigation state {twId}; the chat screen opens it). Room lists
 * update through the server's events, one path for every tab; only this feature's group search is refreshed.
 */
export function useGroupSubmit({ mode, twId, meId }: TGroupSubmitOptions) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const close = useGroupModal((s) => s.close);
  const checkSimilar = useRoomsByParticipants();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const add = useAddContacts();
  const [lookingUp, setLookingUp] = useState(false);
  /** The rooms of the similar-groups dialog, with the draft that Create Anyway would create. */
  const [similar, setSimilar] = useState<{ rooms: TChatRoom[]; draft: TGroupDraft } | null>(null);

  const processing = checkSimilar.isPending || create.isPending || update.isPending || add.isPending || lookingUp;

  const openRoom = (room: Pick<TChatRoom, 'twId'>) => {
    close();
    navigate(chatPath(room.twId));
  };

  const succeed = (room: TChatRoom) => {
    void queryClient.invalidateQueries({ queryKey: SEARCH_GROUPS_KEY });
    openRoom(room);
  };

  const fail = async (error: unknown, draft: TGroupDraft) => {
    const outcome = failureOutcome(error instanceof ApiError ? error.status : -1, mode);
    if (outcome === 'name-taken') {
      setLookingUp(true);
      const mine = await searchGroups(draft.name).catch(() => []);
      setLookingUp(false);
      const existing = groupNamed(mine, draft.name);
      if (existing) {
        showToast(t('openedExisting', { name: existing.name }), 'info');
        openRoom(existing);
      } else if (error instanceof ApiError) showToast(error.message, 'error');
      return;
    }
    if (outcome === 'leave') {
      close();
      navigate(ROUTES.recent);
    }
    // 'stay': the api-client has shown the server's message; the choices stay for a fix or a retry.
  };

  const createNow = async (draft: TGroupDraft) => {
    try {
      succeed(await create.mutateAsync({ participants: draft.ids, name: draft.name }));
    } catch (error) {
      await fail(error, draft);
    }
  };

  const submit = async (draft: TGroupDraft) => {
    if (processing) return;
    try {
      if (mode === 'create') {
        // No check, no group: a failed check never creates (spec doc 1 section 4).
        const rooms = similarRooms(await checkSimilar.mutateAsync(draft.ids), draft.ids, meId);
        if (rooms.length > 0) {
          setSimilar({ rooms, draft });
          return;
        }
        await createNow(draft);
      } else if (mode === 'edit' && twId) {
        succeed(await update.mutateAsync({ twId, participants: memberIds(draft.ids, meId), name: draft.name }));
      } else if (mode === 'extend' && twId) {
        // On a direct chat the reply is a new group of the two and the added people: that is the one opened.
        succeed(await add.mutateAsync({ twId, contacts: draft.ids }));
      }
    } catch (error) {
      await fail(error, draft);
    }
  };

  const createAnyway = async () => {
    if (!similar || processing) return;
    const { draft } = similar;
    await createNow(draft);
    setSimilar(null);
  };

  return {
    submit,
    processing,
    similar: similar?.rooms ?? null,
    createAnyway,
    dismissSimilar: () => setSimilar(null),
    openRoom,
  };
}
