import { addContacts } from './rooms-add-contacts';
import { createRoomsContext, type RoomsDeps } from './rooms-context';
import { createRoom } from './rooms-create';
import { deleteGroup } from './rooms-delete';
import { listRooms, roomsByParticipants, searchGroups } from './rooms-list';
import { leaveRoom, removeContacts } from './rooms-remove-members';
import { openRoleRoom, seatHolders } from './rooms-role-room';
import { setRoomFlag } from './rooms-set-flag';
import { updateGroup } from './rooms-update';

/** Rooms: direct chats, groups and duty roles' rooms; one file per action (rooms-*.ts) over a shared context. */
export function createRoomsService(deps: RoomsDeps) {
  const ctx = createRoomsContext(deps);
  return {
    viewFor: ctx.viewFor,
    openRoleRoom: openRoleRoom(ctx),
    seatHolders: seatHolders(ctx),
    list: listRooms(ctx),
    create: createRoom(ctx),
    searchGroups: searchGroups(ctx),
    byParticipants: roomsByParticipants(ctx),
    update: updateGroup(ctx),
    addContacts: addContacts(ctx),
    removeContacts: removeContacts(ctx),
    leave: leaveRoom(ctx),
    remove: deleteGroup(ctx),
    setFlag: setRoomFlag(ctx),
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
