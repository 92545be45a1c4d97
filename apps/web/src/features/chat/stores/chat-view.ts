import { create } from 'zustand';

type TChatViewState = {
  /** Recent is on screen. */
  onRecent: boolean;
  /** The room open in Recent, if any. */
  openTwId: string | null;
  setView: (view: { onRecent: boolean; openTwId: string | null }) => void;
  /** A message to scroll to and mark once its room is open (an SMS link, ?rs=). */
  focus: { twId: string; messageId: string } | null;
  setFocus: (focus: { twId: string; messageId: string } | null) => void;
};

/**
 * What the user is looking at, for the socket handlers that run whatever the page: a message in the open
 * room is read at once, others count towards the Recent badge and may notify.
 */
export const useChatView = create<TChatViewState>()((set) => ({
  onRecent: false,
  openTwId: null,
  setView: ({ onRecent, openTwId }) => set({ onRecent, openTwId }),
  focus: null,
  setFocus: (focus) => set({ focus }),
}));
