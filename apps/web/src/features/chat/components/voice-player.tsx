import { ActionIcon, Loader, Slider } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChatFileUrl } from '../api/get-chat-file';
import { formatDuration } from '../lib/duration';
import classes from './chat.module.css';
import '../chat-texts';

type TVoicePlayerProps = {
  /** A stored voice note, fetched on first play; or a local recording's object URL (the preview). */
  fileKey?: string;
  src?: string;
  duration: number;
  own?: boolean;
};

/**
 * A voice note: play/pause, a seek bar and the time (position while playing, length otherwise, m:ss). The
 * file is fetched only when played: a room full of voice notes does not download them all.
 */
export function VoicePlayer({ fileKey, src, duration, own }: TVoicePlayerProps) {
  const { t } = useTranslation('chat');
  const audioRef = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(src ?? null);
  const [loading, setLoading] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  // A MediaRecorder's WebM says its length is Infinity: the duration measured while recording is the truth.
  const length = duration > 0 ? duration : 0;

  // The source is set by hand, never as a prop: React setting src again after a fetch would reload the
  // element and stop the playback that has just started.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !src) return;
    audio.src = src;
    setUrl(src);
  }, [src]);

  const toggle = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      return;
    }
    if (!url && fileKey) {
      setLoading(true);
      try {
        const fetched = await getChatFileUrl(fileKey);
        audio.src = fetched;
        setUrl(fetched);
      } catch {
        setLoading(false);
        return;
      }
      setLoading(false);
    }
    await audio.play().catch(() => undefined);
  };

  return (
    <div className={classes.voice} data-own={own || undefined}>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions to offer; its length is shown beside it */}
      <audio
        ref={audioRef}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        data-testid="voice-audio"
      />
      <ActionIcon
        size={34}
        radius="xl"
        variant={own ? 'white' : 'filled'}
        onClick={() => void toggle()}
        aria-label={playing ? t('voice.pause') : t('voice.play')}
      >
        {loading ? (
          <Loader size={14} />
        ) : playing ? (
          <IconPlayerPauseFilled size={16} />
        ) : (
          <IconPlayerPlayFilled size={16} />
        )}
      </ActionIcon>
      <Slider
        className={classes.voiceBar}
        size="sm"
        min={0}
        max={Math.max(length, 0.1)}
        step={0.1}
        value={Math.min(position, length)}
        onChange={(value) => {
          const audio = audioRef.current;
          if (audio && url) audio.currentTime = value;
          setPosition(value);
        }}
        label={null}
        color={own ? 'gray.0' : undefined}
        // The thumb is the focusable slider: it carries the name.
        thumbLabel={t('voice.seek')}
        disabled={!url}
      />
      <span className={classes.voiceTime} data-testid="voice-time">
        {formatDuration(playing || position > 0 ? position : length)}
        <span className={classes.voiceTotal}> / {formatDuration(length)}</span>
      </span>
    </div>
  );
}
