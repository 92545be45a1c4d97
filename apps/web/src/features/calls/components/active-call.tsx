import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import { chatPath, ROUTES } from '@rounds/contracts/routes';
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconPhoneX,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PersonAvatar } from '../../../components/person-avatar';
import { callAction } from '../call-actions';
import { setLocalTrack, useCallMedia } from '../media/call-media';
import { CallControl } from './call-control';
import classes from './call-layer.module.css';
import { CallTimer } from './call-timer';

function MediaView({ stream, muted, mirror }: { stream: MediaStream; muted: boolean; mirror?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video ref={ref} autoPlay playsInline muted={muted} style={mirror ? { transform: 'scaleX(-1)' } : undefined} />
  );
}

function AudioOut({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  // biome-ignore lint/a11y/useMediaCaption: a live call's audio has no caption track to give
  return <audio ref={ref} autoPlay />;
}

/**
 * The call this tab is in: its name and timer, the participants, remote tiles (video, or the person's avatar
 * with their audio), the local preview, and the controls. Large on Recent, Contacts and the call's own room;
 * small elsewhere, where a tap on its header opens the room (doc 2 section 2).
 */
export function ActiveCall({ call, me }: { call: TCall; me: string }) {
  const { t } = useTranslation('calls');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { local, remotes, error } = useCallMedia();
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

  const toggleVoice = () => {
    setLocalTrack('audio', !self?.voice);
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
            {video && (
              <CallControl
                label={self?.video ? t('cameraOff') : t('cameraOn')}
                color="gray"
                variant={self?.video ? 'light' : 'filled'}
                onClick={toggleVideo}
                pressed={!self?.video}
                size={38}
              >
                {self?.video ? <IconVideo size={19} /> : <IconVideoOff size={19} />}
              </CallControl>
            )}
            {initiator && call.status === 'started' && others.length > 1 && (
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
              label={call.status === 'initialized' ? t('cancel') : t('leave')}
              color="red"
              variant="filled"
              size={38}
              onClick={() =>
                void callAction(call.status === 'initialized' ? 'CallDecline' : 'CallEnd', { twId: call.twId })
              }
            >
              <IconPhoneOff size={19} />
            </CallControl>
          </Group>
        </Group>
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
        <div className={classes.tiles} style={{ position: 'relative' }}>
          {others.map((p) => {
            const media = remotes.find((r) => r.userId === p.id);
            const hasVideo = p.video && media?.stream.getVideoTracks().length;
            return (
              <div key={p.id} className={`${classes.tile} ${video ? classes.videoTile : ''}`} data-remote-tile={p.id}>
                {media &&
                  (video ? <MediaView stream={media.stream} muted={false} /> : <AudioOut stream={media.stream} />)}
                {!hasVideo && (
                  <div style={{ position: 'absolute' }}>
                    <PersonAvatar name={p.fullName} path={null} status={null} size={large ? 72 : 44} />
                  </div>
                )}
                <span className={classes.tileName}>
                  {p.fullName}
                  {!p.voice ? ` · ${t('muted')}` : ''}
                </span>
              </div>
            );
          })}
          {local && video && self?.video && (
            <div className={classes.local}>
              <MediaView stream={local} muted mirror />
              <span className={classes.tileName}>{t('you')}</span>
            </div>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
