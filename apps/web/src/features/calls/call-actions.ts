import type { TCall, TCallAck } from '@rounds/contracts/calls';
import type { TClientEventName } from '@rounds/contracts/events';
import { i18n } from '../../lib/i18n';
import { request, SocketRequestError, socketReady } from '../../lib/socket';
import { showToast } from '../../lib/toast';
import { useCalls } from './call-store';

type TCallEvent = Extract<
  TClientEventName,
  | 'CallInitialize'
  | 'CallAccept'
  | 'CallDecline'
  | 'CallEnd'
  | 'CallEndForAll'
  | 'CallVoiceToggle'
  | 'CallVideoToggle'
  | 'CallScreenShareStart'
  | 'CallScreenShareEnd'
  | 'CallAddParticipants'
  | 'CallForceVoiceToggle'
>;

/**
 * How long an action waits for a socket on its way: a call rings from the first read of live calls, which can
 * come before the socket of a tab just signed in (or reconnecting) is up, and Accept must not fail then.
 */
const SOCKET_WAIT_MS = 5_000;

/**
 * Sends one call action and applies the call the server answers with; a refusal is shown as the server words
 * it, in the user's language (doc 2 section 8). Resolves to the call, or null when refused or unanswered.
 */
export async function callAction(
  event: TCallEvent,
  payload: { twId: string } & Record<string, unknown>,
  options: {
    warn?: readonly string[];
    /** Refusals the caller shows its own way (a modal) instead of the toast, by code. */
    refusals?: Partial<Record<string, () => void>>;
  } = {},
): Promise<TCall | null> {
  let ack: TCallAck;
  try {
    await socketReady(SOCKET_WAIT_MS);
    ack = (await request(event, payload as never)) as TCallAck;
  } catch (error) {
    // No connection says so (the overlay shows it too); anything else is the generic failure.
    const offline = error instanceof SocketRequestError && error.reason !== 'timeout' && error.reason !== 'invalid';
    showToast(i18n.t(offline ? 'offline.message' : 'errors.generic'), 'error');
    return null;
  }
  if (!ack.ok) {
    const handled = options.refusals?.[ack.code];
    if (handled) {
      handled();
      return null;
    }
    // Some refusals are warnings in the spec (a second sharer: 'chat.err_one_user_share').
    showToast(ack.message, options.warn?.includes(ack.code) ? 'warning' : 'error');
    return null;
  }
  useCalls.getState().upsert(ack.call);
  return ack.call;
}
