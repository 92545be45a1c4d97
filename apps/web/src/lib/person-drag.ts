/**
 * The drag payload of a person, its value the user id: set by the group modal's list and the Recent list's
 * direct chats, read by the modal's chosen area and by an open chat (a person dropped on a direct chat starts
 * a group, on a group its owner owns opens edit). Features meet here since they do not import each other.
 */
export const PERSON_DRAG_TYPE = 'application/x-rounds-user';
