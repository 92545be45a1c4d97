import { TIMINGS } from '@rounds/contracts/limits';
import { create } from 'zustand';

type TUploadBannerState = { text: string | null; show: (text: string) => void; hide: () => void };

let timer: ReturnType<typeof setTimeout> | undefined;

/** The upload-limit banner (spec doc 1 section 8: shown 4 seconds), shared by the composer and the drop zone. */
export const useUploadBanner = create<TUploadBannerState>()((set) => ({
  text: null,
  show: (text) => {
    clearTimeout(timer);
    set({ text });
    timer = setTimeout(() => set({ text: null }), TIMINGS.uploadBannerMs);
  },
  hide: () => {
    clearTimeout(timer);
    set({ text: null });
  },
}));
