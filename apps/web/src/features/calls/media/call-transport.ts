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
  /** Back from a network outage in the same call: connect again whatever did not survive it. */
  resume: () => void;
  /**
   * Sends this track (a shared screen) in place of the camera, or the camera again (nothing in a voice call)
   * with null. Resolves once every connection sends it.
   */
  setScreen: (track: MediaStreamTrack | null) => Promise<void>;
  close: () => void;
};
