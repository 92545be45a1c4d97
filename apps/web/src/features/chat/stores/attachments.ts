import { create } from 'zustand';

/**
 * An image in the composer's tray: uploading (progress 0..1), uploaded (key), or failed (error shown on the
 * chip). previewUrl is a local object URL of the picked file, so the chip shows the photo at once.
 */
export type TTrayFile = {
  id: string;
  twId: string;
  name: string;
  type: string;
  size: number;
  previewUrl: string;
  progress: number;
  key: string | null;
  error: string | null;
};

type TAttachmentsState = {
  files: TTrayFile[];
  add: (files: TTrayFile[]) => void;
  update: (id: string, patch: Partial<TTrayFile>) => void;
  remove: (id: string) => void;
  /** Sent: the tray of that room empties (the uploads now belong to the message). */
  clearRoom: (twId: string) => void;
  clear: () => void;
};

/**
 * Pending uploads per room, in memory only: drafts keep text (spec doc 1 section 9), and a File cannot
 * outlive the page anyway. Switching rooms and back keeps the tray of each.
 */
export const useAttachments = create<TAttachmentsState>()((set) => ({
  files: [],
  add: (files) => set((state) => ({ files: [...state.files, ...files] })),
  update: (id, patch) =>
    set((state) => ({ files: state.files.map((file) => (file.id === id ? { ...file, ...patch } : file)) })),
  remove: (id) => set((state) => ({ files: state.files.filter((file) => file.id !== id) })),
  clearRoom: (twId) => set((state) => ({ files: state.files.filter((file) => file.twId !== twId) })),
  clear: () => set({ files: [] }),
}));
