import type { TCall, TCallAck } from '@rounds/contracts/calls';
import type { TClientEventName } from '@rounds/contracts/events';
import { i18n } from '../../lib/i18n';
import { request } from '../../lib/socket';
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
 * Sends one call action and applies the call the server answers with; a refusal is shown as the server words
 * it, in the user's language (doc 2 section 8). Resolves to the call, or null when refused or unanswered.
 */
export async function callAction(
  event: TCallEvent,
  payload: { twId: string } & Record<string, unknown>,
  options: { warn?: readonly string[] } = {},
): Promise<TCall | null> {
  let ack: TCallAck;
  try {
    ack = (await request(event, payload as never)) as TCallAck;
  } catch {
    showToast(i18n.t('errors.generic'), 'error');
    return null;
  }
  if (!ack.ok) {
    // Some refusals are warnings in the spec (a second sharer: 'chat.err_one_user_share').
    showToast(ack.message, options.warn?.includes(ack.code) ? 'warning' : 'error');
    return null;
  }
  useCalls.getState().upsert(ack.call);
  return ack.call;
}
