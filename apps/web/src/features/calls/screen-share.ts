import { CALL_REFUSALS, type TCall } from '@rounds/contracts/calls';
import { i18n } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { callAction } from './call-actions';
import { canShareScreen, captureScreen, holdScreen, releaseScreen, shareScreen } from './media/call-media';
import './calls-texts';

/**
 * Screen share (doc 2 sections 4, 5, 8): in a call, the screen takes the camera's place for everyone; as a
 * direct screen share, it is the call. The browser's picker comes first, while the click still counts as the
 * user's gesture; then the server decides (one sharer at a time) and the others see it.
 */

/** A picker refused or failed: the spec's texts (display capture is needed; a missing API is not supported). */
function pickerFailed(error: unknown): void {
  const name = error instanceof Error ? error.name : '';
  const text =
    name === 'NotAllowedError'
      ? i18n.t('calls:screenRefused')
      : error instanceof Error && error.message
        ? error.message
        : i18n.t('errors.generic');
  showToast(text, 'error');
}

async function pick(): Promise<MediaStreamTrack | null> {
  if (!canShareScreen()) {
    showToast(i18n.t('calls:noMedia'), 'error');
    return null;
  }
  try {
    return await captureScreen();
  } catch (error) {
    pickerFailed(error);
    return null;
  }
}

/** The sharer stops (their control, or the browser's own "Stop sharing" ending the track). */
export async function stopShare(twId: string): Promise<void> {
  await releaseScreen();
  await callAction('CallScreenShareEnd', { twId });
}

/** Shares a screen in the call this tab is in; a second sharer gets the server's refusal as a warning. */
export async function startShare(call: TCall): Promise<void> {
  const track = await pick();
  if (!track) return;
  const { width, height } = track.getSettings();
  const answered = await callAction(
    'CallScreenShareStart',
    { twId: call.twId, ...(width && height ? { width: Math.round(width), height: Math.round(height) } : {}) },
    { warn: [CALL_REFUSALS.oneSharer] },
  );
  if (!answered || !(await shareScreen(call.twId, track))) {
    track.stop();
    return;
  }
  track.addEventListener('ended', () => void stopShare(call.twId), { once: true });
}

/** Starts a direct screen share in a room: the screen is picked, then the call rings the others. */
export async function startDirectShare(twId: string, onUnavailable?: () => void): Promise<void> {
  const track = await pick();
  if (!track) return;
  holdScreen(twId, track);
  const call = await callAction(
    'CallInitialize',
    { twId, screenShare: true },
    { refusals: onUnavailable ? { [CALL_REFUSALS.contactUnavailable]: onUnavailable } : {} },
  );
  if (!call) {
    holdScreen(twId, null);
    return;
  }
  // Stopping the share from the browser ends a direct share for everyone (the machine's rule).
  track.addEventListener('ended', () => void stopShare(twId), { once: true });
}

/**
 * The sharer of a direct screen share whose screen is not (or no longer) there, e.g. after reloading the tab,
 * or on browsers that need a second click (the SHARE button). A refusal ends the share (doc 2 section 5).
 */
export async function resumeDirectShare(twId: string): Promise<void> {
  const track = await pick();
  if (!track) {
    await callAction('CallScreenShareEnd', { twId });
    return;
  }
  if (!(await shareScreen(twId, track))) {
    track.stop();
    return;
  }
  track.addEventListener('ended', () => void stopShare(twId), { once: true });
}
