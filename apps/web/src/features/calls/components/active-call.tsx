import { Avatar, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CALL_THROTTLES, type TCall } from '@rounds/contracts/calls';
import { chatPath, ROUTES } from '@rounds/contracts/routes';
import {
  IconMaximize,
  IconMicrophone,
  IconMicrophoneOff,
  IconMinimize,
  IconPhoneOff,
  IconPhoneX,
  IconScreenShare,
  IconScreenShareOff,
  IconUserPlus,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useChatRoom } from '../../../api/get-chat-room';
import { PersonAvatar } from '../../../components/person-avatar';
import { callAction } from '../call-actions';
import { audible, sharerOf } from '../call-store';
import { useCallInset } from '../hooks/use-call-inset';
import { useDragOffset } from '../hooks/use-drag-offset';
import { useThrottle } from '../hooks/use-throttle';
import { setLocalTrack, useCallMedia } from '../media/call-media';
import { startShare, stopShare } from '../screen-share';
import { AddParticipantModal } from './add-participant-modal';
import { CallControl } from './call-control';
import classes from './call-layer.module.css';
import { CallTiles, DirectShareTile } from './call-tiles';
import { CallTimer } from './call-timer';

/** The overlay element in full screen (the Fullscreen API), following the browser's own exit (Esc) too. */
function useFullscreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [on, setOn] = useState(false);
  useEffect(() => {
    const follow = () => setOn(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', follow);
    return () => {
      document.removeEventListener('fullscreenchange', follow);
      if (document.fullscreenElement && document.fullscreenElement === ref.current) void document.exitFullscreen();
    };
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch(() => undefined);
  };
  return { ref, on, toggle };
}

/**
 * The call this tab is in: its name and timer, the participants, remote tiles (video, or the person's avatar
 * with their audio), the local preview, and the controls. Large on Recent, Contacts and the call's own room;
 * small elsewhere, where a tap on its header opens the room (doc 2 section 2). The small window can be
 * dragged on a desktop and sits fixed above the navigation on a phone; any view can go full screen; the room's
 * owner rings more members into a group call.
 */
export function ActiveCall({ call, me }: { call: TCall; me: string }) {
  const { t } = useTranslation('calls');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { error, screen } = useCallMedia();
  const self = call.participants.find((p) => p.id === me);
  const others = call.participants.filter((p) => p.id !== me && p.status === 'accepted');
  const ringing = call.participants.filter((p) => p.status === 'ringing');
  const large = pathname === ROUTES.recent || pathname === ROUTES.contacts || pathname === chatPath(call.twId);
  const name = call.participants
    .filter((p) => p.id !== me && p.status !== 'declined')
    .map((p) => p.fullName)
    .join(', ');
  const initiator = call.initializerId === me;
  const video = call.type === 'video';
  const direct = call.type === 'directScreenShare';
  const sharer = sharerOf(call);
  const sharing = Boolean(self?.screenShare);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const fullscreen = useFullscreen();
  const small = !large && !fullscreen.on;
  const drag = useDragOffset(small && !phone, fullscreen.ref);
  // On a desktop the call keeps its own room on the page (issue 28): large, a band at the top of the page; small
  // and where the layout puts it, a strip at the bottom. Moved by hand, it is where the user wants it.
  useCallInset(fullscreen.ref, phone || fullscreen.on ? null : large ? 'top' : drag.atHome ? 'bottom' : null);
  const { data: room } = useChatRoom(call.twId, true);
  const [adding, setAdding] = useState(false);
  const moveHintId = useId();
  const mayAdd = room?.type === 'group' && room.owner === me && self?.status === 'accepted';
  const throttleToggle = useThrottle(CALL_THROTTLES.toggleMs);
  const throttleControl = useThrottle(CALL_THROTTLES.controlMs);
  const openRoom = () => {
    if (!drag.wasDrag()) navigate(chatPath(call.twId));
  };

  const toggleVoice = () =>
    throttleToggle(() => {
      if (self) setLocalTrack('audio', audible(call, self, !self.voice));
      void callAction('CallVoiceToggle', { twId: call.twId });
    });
  const toggleVideo = () =>
    throttleToggle(() => {
      setLocalTrack('video', !self?.video);
      void callAction('CallVideoToggle', { twId: call.twId });
    });
  const heading = (
    <>
      <Text fw={700} truncate>
        {name}
      </Text>
      <Text fz="sm" c="dimmed">
        {call.status === 'initialized' ? (
          t('calling')
        ) : call.startedAt ? (
          <CallTimer since={call.startedAt} />
        ) : (
          t('pleaseWait')
        )}
      </Text>
    </>
  );

  return (
    <Paper
      withBorder
      p="md"
      ref={fullscreen.ref}
      className={`${classes.card} ${small ? classes.small : classes.large}`}
      style={drag.style}
      role="region"
      aria-label={t('region')}
      data-call-active={call.twId}
      data-call-window={small ? 'small' : 'large'}
      data-fullscreen={fullscreen.on || undefined}
    >
      {drag.handle && <VisuallyHidden id={moveHintId}>{t('moveHint')}</VisuallyHidden>}
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          {small ? (
            // The small window's header: a tap opens the room (by twId), a drag moves the window (desktop).
            <UnstyledButton
              className={`${classes.handle} ${drag.handle ? classes.draggable : ''}`}
              onClick={openRoom}
              aria-describedby={drag.handle ? moveHintId : undefined}
              data-call-handle
              {...drag.handle}
            >
              <Stack gap={0}>{heading}</Stack>
              {/* After the visible text, so the button's name starts with what it shows (WCAG 2.5.3). */}
              <VisuallyHidden>{t('openRoom')}</VisuallyHidden>
            </UnstyledButton>
          ) : (
            // The name keeps room to be read; the controls go under it where the line is short (phones).
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
              {heading}
            </Stack>
          )}
          <Group gap={8} wrap="nowrap">
            {!direct && (
              <CallControl
                label={self?.voice ? t('mute') : t('unmute')}
                color="gray"
                variant={self?.voice ? 'light' : 'filled'}
                onClick={toggleVoice}
                pressed={!self?.voice}
                size={38}
              >
                {self?.voice ? <IconMicrophone size={19} /> : <IconMicrophoneOff size={19} />}
              </CallControl>
            )}
            {video && (
              <CallControl
                label={sharing ? t('cameraOffWhileSharing') : self?.video ? t('cameraOff') : t('cameraOn')}
                color="gray"
                variant={self?.video ? 'light' : 'filled'}
                onClick={toggleVideo}
                pressed={!self?.video}
                disabled={sharing}
                size={38}
              >
                {self?.video ? <IconVideo size={19} /> : <IconVideoOff size={19} />}
              </CallControl>
            )}
            {!direct && (
              <CallControl
                label={sharing ? t('stopShare') : t('shareScreen')}
                color={sharing ? 'teal' : 'gray'}
                variant={sharing ? 'filled' : 'light'}
                onClick={() => throttleControl(() => void (sharing ? stopShare(call.twId) : startShare(call)))}
                pressed={sharing}
                size={38}
              >
                {sharing ? <IconScreenShareOff size={19} /> : <IconScreenShare size={19} />}
              </CallControl>
            )}
            {mayAdd && (
              <CallControl
                label={t('add.open')}
                color="gray"
                variant="light"
                size={38}
                onClick={() => throttleControl(() => setAdding(true))}
              >
                <IconUserPlus size={19} />
              </CallControl>
            )}
            <CallControl
              label={fullscreen.on ? t('exitFullScreen') : t('fullScreen')}
              color="gray"
              variant="light"
              size={38}
              onClick={() => throttleControl(fullscreen.toggle)}
              pressed={fullscreen.on}
            >
              {fullscreen.on ? <IconMinimize size={19} /> : <IconMaximize size={19} />}
            </CallControl>
            {initiator && !direct && call.status === 'started' && others.length > 1 && (
              <CallControl
                label={t('endForAll')}
                color="red"
                variant="light"
                size={38}
                onClick={() => throttleControl(() => void callAction('CallEndForAll', { twId: call.twId }))}
              >
                <IconPhoneX size={19} />
              </CallControl>
            )}
            <CallControl
              label={
                direct && initiator && call.status === 'started'
                  ? t('stopShare')
                  : call.status === 'initialized'
                    ? t('cancel')
                    : t('leave')
              }
              color="red"
              variant="filled"
              size={38}
              onClick={() =>
                throttleControl(() =>
                  // The sharer of a direct share stops it for everyone (the server ends the call).
                  direct && initiator && call.status === 'started' && screen
                    ? void stopShare(call.twId)
                    : void callAction(call.status === 'initialized' ? 'CallDecline' : 'CallEnd', { twId: call.twId }),
                )
              }
            >
              {direct && initiator ? <IconScreenShareOff size={19} /> : <IconPhoneOff size={19} />}
            </CallControl>
          </Group>
        </Group>
        {self && sharer && sharer.id !== me && self.voice && !audible(call, self) && (
          <Text fz="sm" c="dimmed" role="status">
            {t('mutedByShare', { name: sharer.fullName })}
          </Text>
        )}
        {error && (
          <Text fz="sm" c="red.8" role="alert">
            {error === 'NotAllowedError' ? t('microphoneRefused') : t('noMedia')}
          </Text>
        )}
        {ringing.length > 0 && (
          <Avatar.Group>
            {ringing.map((p) => (
              <PersonAvatar key={p.id} name={p.fullName} path={null} status={null} size={28} />
            ))}
          </Avatar.Group>
        )}
        {direct ? <DirectShareTile call={call} me={me} /> : <CallTiles call={call} me={me} large={!small} />}
      </Stack>
      {mayAdd && room && (
        <AddParticipantModal
          call={call}
          members={room.participants}
          opened={adding}
          onClose={() => setAdding(false)}
          portalTarget={fullscreen.on ? fullscreen.ref.current : null}
        />
      )}
    </Paper>
  );
}
