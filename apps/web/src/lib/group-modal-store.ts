import { create } from 'zustand';

/**
 * The group modal is opened from the side navigation, the /group route, the chat room header (edit, extend)
 * and by dropping a contact on a chat; features do not import each other, so they meet here.
 * create: a new group, optionally with members already picked (a contact dropped on a direct chat).
 * edit: the owner changes name and members of twId. extend: add people to twId (search only).
 * `preselected` works in every mode: a contact dropped on an owned group opens edit with them picked.
 */
export type TGroupModalMode = 'create' | 'edit' | 'extend';
export type TGroupModalRequest = { mode: TGroupModalMode; twId?: string; preselected?: string[] };

type TGroupModalState = {
  request: TGroupModalRequest | null;
  open: (request?: TGroupModalRequest) => void;
  close: () => void;
};

export const useGroupModal = create<TGroupModalState>()((set) => ({
  request: null,
  open: (request = { mode: 'create' }) => set({ request }),
  close: () => set({ request: null }),
}));
