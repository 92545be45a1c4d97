import type { TCall } from '@rounds/contracts/calls';

export type TPeerKey = { userId: string; tabId: string };
export type TRemoteMedia = { userId: string; tabId: string; stream: MediaStream };

/**
 * What the call overlay needs of media, whichever way it travels (mesh: browser to browser; Janus, the SFU, driven by the server):
 * follow the call's accepted participants, hand over remote streams, let go of everything at the end.
 */
export type TCallTransport = {
  /** The call changed (someone accepted, left): connect to the new participants, drop the gone ones. */
  sync: (call: TCall) => void;
  /** Sends this screen track as the tab's video (null: back to the camera, if any). */
  setScreen: (track: MediaStreamTrack | null) => Promise<void>;
  /** Back from a network outage in the same call: connect again whatever did not survive it. */
  resume: () => void;
  close: () => void;
};
