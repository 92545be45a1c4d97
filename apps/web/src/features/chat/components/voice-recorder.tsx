import { ActionIcon, Button, Loader, Tooltip } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import {
  IconMicrophone,
  IconPlayerPauseFilled,
  IconPlayerRecordFilled,
  IconPlayerStopFilled,
  IconSend2,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { uploadChatAudio } from '../api/upload-chat-audio';
import { sendMessage } from '../delivery/outbox-sender';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { formatDuration } from '../lib/duration';
import classes from './chat.module.css';
import { ComposerButton } from './composer-button';
import { VoicePlayer } from './voice-player';
import '../chat-texts';

type TVoiceRecorderProps = { twId: string; stream: MediaStream; onDone: () => void };

/**
 * Recording a voice note in place of the message box: the time running towards 60 s, pause or resume,
 * discard, stop into a preview that plays, then send (uploaded first, spec doc 1 section 4). A failed
 * upload keeps the preview so the nurse can try again rather than record again.
 */
export function VoiceRecorder({ twId, stream, onDone }: TVoiceRecorderProps) {
  const { t } = useTranslation('chat');
  const { state, elapsed, recording, pause, resume, stop } = useVoiceRecorder(stream);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!recording) return;
    setSending(true);
    try {
      const voice = await uploadChatAudio(recording.blob);
      sendMessage(twId, '', { voice: { key: voice.Key, duration: recording.duration } });
      onDone();
    } catch {
      showToast(t('voice.errors.uploadFailed'), 'error');
      setSending(false);
    }
  };

  return (
    <section className={classes.recorder} aria-label={t('voice.recorder')}>
      <ComposerButton label={t('voice.discard')} color="red" onClick={onDone} disabled={sending}>
        <IconTrash size={19} />
      </ComposerButton>
      {state === 'stopped' ? (
        recording ? (
          <div className={classes.recorderPreview}>
            <VoicePlayer src={recording.url} duration={recording.duration} />
          </div>
        ) : (
          <Loader size="sm" mx="auto" />
        )
      ) : (
        <div className={classes.recorderLive} data-paused={state === 'paused' || undefined}>
          <IconPlayerRecordFilled size={14} className={classes.recDot} aria-hidden />
          <span role="timer" aria-live="off" data-testid="voice-timer">
            {formatDuration(elapsed)}
          </span>
          <span className={classes.voiceTotal}>/ {formatDuration(LIMITS.voiceMaxSeconds)}</span>
          <span className={classes.recorderState}>{state === 'paused' ? t('voice.paused') : t('voice.recording')}</span>
        </div>
      )}
      {state !== 'stopped' && (
        <>
          <ComposerButton
            label={state === 'paused' ? t('voice.resume') : t('voice.pauseRecording')}
            variant="default"
            onClick={state === 'paused' ? resume : pause}
          >
            {state === 'paused' ? <IconMicrophone size={19} /> : <IconPlayerPauseFilled size={17} />}
          </ComposerButton>
          <Tooltip label={t('voice.stop')} withArrow>
            <ActionIcon size={42} radius="xl" color="red" onClick={stop} aria-label={t('voice.stop')}>
              <IconPlayerStopFilled size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {state === 'stopped' && (
        <Button
          radius="xl"
          leftSection={<IconSend2 size={17} />}
          onClick={() => void send()}
          loading={sending}
          disabled={!recording}
        >
          {t('voice.send')}
        </Button>
      )}
    </section>
  );
}

/**
 * The microphone button. Asks for the microphone first, so a refusal is told at once (spec doc 1 section 8)
 * and the composer stays as it was; a browser without MediaRecorder says it cannot.
 */
function StartButton({ onStart }: { onStart: (stream: MediaStream) => void }) {
  const { t } = useTranslation('chat');
  const [asking, setAsking] = useState(false);
  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      showToast(t('voice.errors.unsupported'), 'error');
      return;
    }
    setAsking(true);
    try {
      onStart(await navigator.mediaDevices.getUserMedia({ audio: true }));
    } catch {
      showToast(t('voice.errors.microphone'), 'error');
    } finally {
      setAsking(false);
    }
  };
  return (
    <ComposerButton label={t('voice.record')} color="gray" loading={asking} onClick={() => void start()}>
      <IconMicrophone size={20} stroke={1.8} />
    </ComposerButton>
  );
}

VoiceRecorder.Start = StartButton;
