import { CALL_LIMITS, callRoutes } from '@rounds/contracts/calls';
import { TIMINGS } from '@rounds/contracts/limits';
import { apiCall } from '../../lib/api-call';
import { isSocketConnected, onSocketConnect, request, tabUuid } from '../../lib/socket';
import { activeCall, useCalls } from './call-store';
import { resumeMedia } from './media/call-media';

/**
 * The call across network trouble (doc 2 section 4). Offline for 2 s in a call of two: the call is over for
 * this tab (tracks stopped, overlay cleared), and the server hears so once the network is back. On every
 * (re)connection, 500 ms later, the server's live calls are read: the active call resumes if it still counts
 * this tab in, and is cleared if it ended meanwhile. A group call keeps going through a short outage.
 */
export function watchCallConnectivity(me: () => string | undefined): () => void {
  let cleanup: ReturnType<typeof setTimeout> | undefined;
  /** The call this tab gave up while offline, to leave on the server when it can. */
  let givenUp: string | null = null;

  const onOffline = () => {
    clearTimeout(cleanup);
    cleanup = setTimeout(() => {
      if (navigator.onLine) return;
      const call = activeCall(useCalls.getState().calls, me(), tabUuid());
      if (!call || call.participants.filter((p) => p.status === 'accepted').length > 2) return;
      givenUp = call.twId;
      // The overlay follows the store: without the call it stops the media and closes.
      useCalls.getState().forget(call.twId);
    }, TIMINGS.offlineCleanupMs);
  };
  const onOnline = () => {
    clearTimeout(cleanup);
    // The socket may have outlived a short outage: then no reconnection will prompt the check.
    if (isSocketConnected()) check(true);
  };

  /**
   * `resume`: after a reconnection, the media that broke meanwhile is renegotiated. Not on the tab's first
   * connection: a call accepted as the socket first came up is still negotiating, and asking the other side
   * to offer again then crossed its first offer (its answer was lost, and no audio came).
   */
  const catchUp = (resume: boolean) => {
    const readSince = Date.now();
    void apiCall(callRoutes.live, {}, { toast: false })
      .then(({ data }) => {
        useCalls.getState().reconcile(data.calls, readSince);
        if (resume && activeCall(useCalls.getState().calls, me(), tabUuid())) resumeMedia();
      })
      .catch(() => undefined);
    if (givenUp) {
      const twId = givenUp;
      givenUp = null;
      // Already dropped by the server (away over 10 s) or ended: either way nothing more to do.
      void request('CallEnd', { twId }).catch(() => undefined);
    }
  };
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  const check = (resume: boolean) => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => catchUp(resume), CALL_LIMITS.resumeCheckMs);
  };
  // The socket may already be up when this mounts: then every connection from now on is a reconnection.
  let connectedBefore = isSocketConnected();
  const onConnect = () => {
    check(connectedBefore);
    connectedBefore = true;
  };

  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  const offConnect = onSocketConnect(onConnect);
  catchUp(false);
  return () => {
    clearTimeout(cleanup);
    clearTimeout(checkTimer);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    offConnect();
  };
}
