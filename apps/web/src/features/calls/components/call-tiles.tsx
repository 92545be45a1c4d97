import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import type { TCall, TCallParticipant } from '@rounds/contracts/calls';
import { IconMicrophone, IconMicrophoneOff, IconScreenShare } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { showToast } from '../../../lib/toast';
import { callAction } from '../call-actions';
import { MUTE_CLICK_MS, TILE_FULL_SCREEN_MS } from '../call-constants';
import { audible, sharerOf } from '../call-store';
import { useCallMedia } from '../media/call-media';
import type { TRemoteMedia } from '../media/call-transport';
import { resumeDirectShare } from '../screen-share';
import classes from './call-tiles.module.css';

/** A video element for a stream; always muted: the sound of each remote goes through its own AudioOut. */
function MediaView({
  stream,
  mirror = false,
  onFrames,
}: {
  stream: MediaStream;
  mirror?: boolean;
  onFrames?: () => void;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  const seen = (e: React.SyntheticEvent<HTMLVideoElement>) => {
    if (e.currentTarget.videoWidth > 0) onFrames?.();
  };
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted
      className={mirror ? classes.mirror : undefined}
      onLoadedData={seen}
      onResize={seen}
    />
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

/** Full screen on a tile, at most once per second (doc 2 section 9); again leaves it. */
function useFullScreen() {
  const last = useRef(0);
  return (tile: HTMLElement | null) => {
    if (!tile || Date.now() - last.current < TILE_FULL_SCREEN_MS) return;
    last.current = Date.now();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void tile.requestFullscreen?.().catch(() => undefined);
  };
}

const mediaOf = (remotes: TRemoteMedia[], p: TCallParticipant) =>
  remotes.find((r) => r.userId === p.id && r.tabId === p.tabId) ?? remotes.find((r) => r.userId === p.id);

/**
 * A shared screen as a tile: whole (not cropped), never mirrored; a waiting message until its first frame
 * for the others (a direct share's watchers, doc 2 section 2).
 */
function ScreenTile({
  stream,
  label,
  owner,
  own = false,
  preview = false,
}: {
  stream: MediaStream | undefined;
  label: string;
  owner: TCallParticipant;
  /** This tab's own screen: no waiting message, no full screen. */
  own?: boolean;
  /** Beside the call's other tiles: the 70% preview. */
  preview?: boolean;
}) {
  const { t } = useTranslation('calls');
  const [frames, setFrames] = useState(false);
  const tile = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen();
  return (
    <div
      ref={tile}
      className={`${classes.tile} ${classes.screen} ${preview ? classes.ownScreen : ''}`}
      data-screen-tile={owner.id}
      data-frames={frames || undefined}
    >
      {stream && <MediaView stream={stream} onFrames={() => setFrames(true)} />}
      {!frames && !own && (
        <div className={classes.waiting} role="status">
          {t('waitingForShare', { name: owner.fullName })}
        </div>
      )}
      {!own && frames && (
        <button
          type="button"
          className={classes.zoom}
          aria-label={t('fullScreenTile', { name: label })}
          onClick={() => fullScreen(tile.current)}
        />
      )}
      <span className={classes.name}>{label}</span>
    </div>
  );
}

/** The sharer's control on someone else's tile: mute or unmute them while sharing (doc 2 section 4). */
function MuteOther({ call, p }: { call: TCall; p: TCallParticipant }) {
  const { t } = useTranslation('calls');
  const last = useRef(0);
  const heard = p.voiceDuringScreenShare;
  const toggle = async () => {
    if (Date.now() - last.current < MUTE_CLICK_MS) return;
    last.current = Date.now();
    const done = await callAction('CallForceVoiceToggle', {
      twId: call.twId,
      flag: !heard,
      action: heard ? 'mute' : 'unmute',
      participantId: p.id,
    });
    if (done) showToast(t(heard ? 'mutedOther' : 'unmutedOther', { name: p.fullName }), 'info');
  };
  const label = t(heard ? 'muteOther' : 'unmuteOther', { name: p.fullName });
  return (
    <Tooltip label={t('muteOthersHint')} withArrow>
      <ActionIcon
        className={classes.corner}
        size={30}
        radius="xl"
        variant="filled"
        color={heard ? 'dark' : 'red'}
        aria-label={label}
        aria-pressed={!heard}
        onClick={() => void toggle()}
      >
        {heard ? <IconMicrophone size={16} /> : <IconMicrophoneOff size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** One other person: their camera when it is on, else their avatar; their name and whether they are heard. */
function RemoteTile({
  call,
  p,
  media,
  large,
  canMute,
}: {
  call: TCall;
  p: TCallParticipant;
  media: TRemoteMedia | undefined;
  large: boolean;
  canMute: boolean;
}) {
  const compact = Boolean(sharerOf(call));
  const { t } = useTranslation('calls');
  const tile = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen();
  // A sharer's one video track carries the screen, shown in the screen tile; their own tile shows the avatar.
  const camera = call.type === 'video' && p.video && !p.screenShare && Boolean(media?.stream.getVideoTracks().length);
  const heard = audible(call, p);
  return (
    <div ref={tile} className={`${classes.tile} ${call.type === 'video' ? classes.video : ''}`} data-remote-tile={p.id}>
      {media && camera && <MediaView stream={media.stream} />}
      {!camera && (
        <div className={classes.avatar}>
          <PersonAvatar name={p.fullName} path={null} status={null} size={compact ? 28 : large ? 72 : 44} />
        </div>
      )}
      {camera && (
        <button
          type="button"
          className={classes.zoom}
          aria-label={t('fullScreenTile', { name: p.fullName })}
          onClick={() => fullScreen(tile.current)}
        />
      )}
      {canMute && <MuteOther call={call} p={p} />}
      <span className={classes.name}>
        {p.fullName}
        {p.screenShare ? ` · ${t('sharing')}` : !heard ? ` · ${t('muted')}` : ''}
      </span>
    </div>
  );
}

/**
 * The picture of a call (doc 2 sections 2 and 9): the shared screen as the large tile when someone shares
 * (this tab's own screen as a 70% preview), the other people in a grid with their names, this tab's camera as
 * a small mirrored thumbnail, and every remote's sound.
 */
export function CallTiles({ call, me, large }: { call: TCall; me: string; large: boolean }) {
  const { t } = useTranslation('calls');
  const { local, remotes, screen } = useCallMedia();
  const self = call.participants.find((p) => p.id === me);
  const others = call.participants.filter((p) => p.id !== me && p.status === 'accepted');
  const sharer = sharerOf(call);
  const camera = call.type === 'video' && self?.video && !self.screenShare && local?.getVideoTracks().length;
  // The small window of a voice call with no screen shown is its header and controls: avatar tiles would only
  // cover the screen the user went to (a phone's Settings, a chart), and the header already names everyone.
  const pictures = large || call.type !== 'voice' || Boolean(sharer);
  return (
    <div className={classes.stage}>
      {sharer && sharer.id === me && screen && (
        <ScreenTile stream={screen} label={t('yourScreen')} owner={sharer} own preview />
      )}
      {sharer && sharer.id !== me && (
        <ScreenTile
          stream={mediaOf(remotes, sharer)?.stream}
          label={t('screenOf', { name: sharer.fullName })}
          owner={sharer}
        />
      )}
      {pictures && (
        <div className={`${classes.grid} ${sharer ? classes.strip : ''}`}>
          {others.map((p) => (
            <RemoteTile
              key={p.id}
              call={call}
              p={p}
              media={mediaOf(remotes, p)}
              large={large}
              canMute={Boolean(self?.screenShare)}
            />
          ))}
          {local && camera && sharer ? (
            <div className={`${classes.tile} ${classes.video}`}>
              <MediaView stream={local} mirror />
              <span className={classes.name}>{t('you')}</span>
            </div>
          ) : null}
        </div>
      )}
      {local && camera && !sharer ? (
        <div className={classes.local}>
          <MediaView stream={local} mirror />
          <span className={classes.name}>{t('you')}</span>
        </div>
      ) : null}
      {others.map((p) => {
        const media = mediaOf(remotes, p);
        return media ? <AudioOut key={`${media.userId}:${media.tabId}`} stream={media.stream} /> : null;
      })}
    </div>
  );
}

/**
 * A direct screen share's single tile (doc 2 section 2): the screen fills the call. Watchers see a waiting
 * message until it arrives; the sharer sees their own screen, or 'share your screen' with a Share button when
 * it is not there (a reloaded tab, or a browser that needs a second click).
 */
export function DirectShareTile({ call, me }: { call: TCall; me: string }) {
  const { t } = useTranslation('calls');
  const { remotes, screen } = useCallMedia();
  const owner = call.participants.find((p) => p.id === call.initializerId);
  if (!owner) return null;
  if (owner.id === me) {
    if (screen) return <ScreenTile stream={screen} label={t('yourScreen')} owner={owner} own />;
    return (
      <div className={`${classes.tile} ${classes.screen}`} data-screen-tile={owner.id}>
        <Stack align="center" gap="sm">
          <IconScreenShare size={36} color="#fff" aria-hidden />
          <Text c="white" fw={600}>
            {t('shareScreen')}
          </Text>
          <Button size="sm" onClick={() => void resumeDirectShare(call.twId)}>
            {t('shareButton')}
          </Button>
        </Stack>
      </div>
    );
  }
  return (
    <ScreenTile
      stream={mediaOf(remotes, owner)?.stream}
      label={t('screenOf', { name: owner.fullName })}
      owner={owner}
    />
  );
}
