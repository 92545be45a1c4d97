import type { TChatRoom } from '@rounds/contracts/chat';
import { contactRoutes, type TFilterGroupRequest } from '@rounds/contracts/contacts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

/**
 * POST /filter/group: a group of the sender and everyone the filter finds now (issue 25). A name already taken
 * (409) is the form's to show beside the field, not a toast. The room list learns of the room by its event.
 */
export async function startFilterGroup(request: TFilterGroupRequest): Promise<TChatRoom> {
  const reply = await apiCall(contactRoutes.filterGroup, { body: request }, { toast: (error) => error.status !== 409 });
  return reply.data.chatRoom;
}

export function useStartFilterGroup() {
  return useMutation({ mutationFn: startFilterGroup });
}
