import { ActionIcon, Tooltip } from '@mantine/core';
import { CALL_REFUSALS, type TCallType } from '@rounds/contracts/calls';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconPhone, IconScreenShare, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { callAction } from '../call-actions';
import { callAvailability } from '../call-availability';
import { inAnyCall, useCalls } from '../call-store';
import '../calls-texts';
import { canShareScreen } from '../media/call-media';
import { startDirectShare } from '../screen-share';
import { UnavailableModal } from './unavailable-modal';

type TRoomCallButtonsProps = {
  room: TChatRoom;
  me: string | undefined;
  /** Neither archived nor disabled: the room takes new messages and calls. */
  writable: boolean;
};

/** A room header's voice, video and screen-share buttons (the chat's room header shows them through app/). */
export function RoomCallButtons({ room, me, writable }: TRoomCallButtonsProps) {
  const { t } = useTranslation('calls');
  const permissions = useSession((s) => s.user?.permissions);
  const busy = useCalls((s) => inAnyCall(s.calls, me) || s.calls[room.twId] !== undefined);
  // Call buttons (doc 2 section 6): no call going on and the permission granted (voice and video are off unless
  // granted): else disabled. With nobody connected who can answer, a press says so instead of ringing nobody.
  // Who is connected is the server's to say at the press (what this tab last heard may be stale), so the
  // modal follows the server's refusal rather than the room as cached here.
  const callable = writable && !busy && room.participants.some((p) => p.id !== me);
  const [unavailable, setUnavailable] = useState(false);
  const forbidden = (type: TCallType) => callAvailability(type, room.participants, me, permissions) === 'forbidden';
  const showUnavailable = () => setUnavailable(true);
  const refusals = { [CALL_REFUSALS.contactUnavailable]: showUnavailable };
  const startCall = (video: boolean) => void callAction('CallInitialize', { twId: room.twId, video }, { refusals });
  const startShare = () => void startDirectShare(room.twId, showUnavailable);

  return (
    <>
      <CallButton
        label={t('startVoice')}
        icon={IconPhone}
        disabled={!callable || forbidden('voice')}
        onClick={() => startCall(false)}
      />
      <CallButton
        label={t('startVideo')}
        icon={IconVideo}
        disabled={!callable || forbidden('video')}
        onClick={() => startCall(true)}
      />
      {/* Direct screen share (doc 2 sections 1, 2): its own call type; needs video and a browser that shares.
          Not on phone widths: phone browsers cannot share a screen, and the room's name needs the room. */}
      <CallButton
        label={t('startScreenShare')}
        icon={IconScreenShare}
        disabled={!callable || forbidden('directScreenShare') || !canShareScreen()}
        onClick={startShare}
        visibleFrom="sm"
      />
      <UnavailableModal opened={unavailable} onClose={() => setUnavailable(false)} />
    </>
  );
}

type TCallButtonProps = {
  label: string;
  icon: typeof IconPhone;
  disabled: boolean;
  onClick: () => void;
  visibleFrom?: 'sm';
};

/** One of the header's call buttons: an icon with its name as tooltip and accessible label. */
function CallButton({ label, icon: Icon, disabled, onClick, visibleFrom }: TCallButtonProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        visibleFrom={visibleFrom}
        variant="subtle"
        color="gray"
        size={38}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
