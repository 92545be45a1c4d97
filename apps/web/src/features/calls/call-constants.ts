/** The spec's call constants the browser applies (doc 2 section 9). */

/** Frames a second of a shared screen (sent at low priority). */
export const SCREEN_FRAME_RATE = 10;
/** A remote tile goes full screen at most once a second. */
export const TILE_FULL_SCREEN_MS = 1_000;
/** The sharer's mute and unmute of someone else: one click per 1.5 s. */
export const MUTE_CLICK_MS = 1_500;
