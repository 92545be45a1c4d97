import { CALL_REFUSALS, type TCallRefusal } from '@rounds/contracts/calls';
import { AppError } from '../../lib/errors';
import type { TextKey } from '../../lib/texts';

const REFUSAL_TEXTS: Record<TCallRefusal, { status: number; key: TextKey }> = {
  [CALL_REFUSALS.notFound]: { status: 404, key: 'callEnded' },
  [CALL_REFUSALS.busyElsewhere]: { status: 409, key: 'callBusyElsewhere' },
  [CALL_REFUSALS.noPermission]: { status: 403, key: 'callNoPermission' },
  [CALL_REFUSALS.oneSharer]: { status: 409, key: 'chat.err_one_user_share' },
  [CALL_REFUSALS.notAllowed]: { status: 403, key: 'forbidden' },
  [CALL_REFUSALS.full]: { status: 409, key: 'callFull' },
  [CALL_REFUSALS.notInCall]: { status: 409, key: 'notInCall' },
  [CALL_REFUSALS.ongoing]: { status: 409, key: 'callOngoing' },
  [CALL_REFUSALS.contactUnavailable]: { status: 409, key: 'callContactUnavailable' },
  [CALL_REFUSALS.mediaUnavailable]: { status: 503, key: 'mediaUnavailable' },
  [CALL_REFUSALS.mediaFailed]: { status: 502, key: 'mediaFailed' },
};

/** A refusal of the call machine as the error the caller gets, with the spec's status and text. */
export function callRefusal(refusal: TCallRefusal, vars: Record<string, number> = {}): AppError {
  const { status, key } = REFUSAL_TEXTS[refusal];
  return new AppError(status, refusal, key, {}, vars);
}
