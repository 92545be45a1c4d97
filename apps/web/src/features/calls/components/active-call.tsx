import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import { chatPath, ROUTES } from '@rounds/contracts/routes';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconPhoneX,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PersonAvatar } from '../../../components/person-avatar';
import { callAction } from '../call-actions';
import { audible, sharerOf } from '../call-store';
import { setLocalTrack, useCallMedia } from '../media/call-media';
import { startShare, stopShare } from '../screen-share';
import { CallControl } from './call-control';
import classes from './call-layer.module.css';
import { CallTiles, DirectShareTile } from './call-tiles';
import { CallTimer } from './call-timer';

/**
 * The call this tab is in: its name and timer, the participants, remote tiles (video, or the person's avatar
 * with their audio), the local preview, and the controls. Large on Recent, Contacts and the call's own room;
 * small elsewhere, where a tap on its header opens the room (doc 2 section 2).
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

  const toggleVoice = () => {
    if (self) setLocalTrack('audio', audible(call, self, !self.voice));
    void callAction('CallVoiceToggle', { twId: call.twId });
  };
  const toggleVideo = () => {
    setLocalTrack('video', !self?.video);
    void callAction('CallVideoToggle', { twId: call.twId });
  };

  return (
    <Paper
      withBorder
      p="md"
      className={`${classes.card} ${large ? classes.large : classes.small}`}
      role="region"
      aria-label={t('region')}
      data-call-active={call.twId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack
            gap={0}
            style={{ minWidth: 0, cursor: large ? undefined : 'pointer' }}
            onClick={large ? undefined : () => navigate(chatPath(call.twId))}
          >
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
          </Stack>
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
                onClick={() => void (sharing ? stopShare(call.twId) : startShare(call))}
                pressed={sharing}
                size={38}
              >
                {sharing ? <IconScreenShareOff size={19} /> : <IconScreenShare size={19} />}
              </CallControl>
            )}
            {initiator && !direct && call.status === 'started' && others.length > 1 && (
              <CallControl
                label={t('endForAll')}
                color="red"
                variant="light"
                size={38}
                onClick={() => void callAction('CallEndForAll', { twId: call.twId })}
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
                // The sharer of a direct share stops it for everyone (the server ends the call).
                direct && initiator && call.status === 'started' && screen
                  ? void stopShare(call.twId)
                  : void callAction(call.status === 'initialized' ? 'CallDecline' : 'CallEnd', { twId: call.twId })
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
        {direct ? <DirectShareTile call={call} me={me} /> : <CallTiles call={call} me={me} large={large} />}
      </Stack>
    </Paper>
  );
}
