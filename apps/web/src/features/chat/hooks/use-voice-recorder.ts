import { LIMITS } from '@rounds/contracts/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

export type TRecorderState = 'recording' | 'paused' | 'stopped';
export type TRecording = { blob: Blob; url: string; duration: number };

const TICK_MS = 200;

type TClock = { total: number; since: number };
/** Recorded milliseconds: the finished stretches plus the one running, if any. */
const elapsedMs = (clock: TClock) => clock.total + (clock.since ? Date.now() - clock.since : 0);

/**
 * A MediaRecorder over a microphone stream already granted (spec doc 1 section 4, "Voice recording"):
 * recording, paused or resumed, then stopped into a preview; stops by itself at 60 s. The elapsed time
 * counts only while recording. The microphone is released when stopped or unmounted.
 */
export function useVoiceRecorder(stream: MediaStream) {
  const [state, setState] = useState<TRecorderState>('recording');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<TRecording | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const clock = useRef<TClock>({ total: 0, since: 0 });
  const measure = useCallback(() => elapsedMs(clock.current), []);

  const release = useCallback(() => {
    for (const track of stream.getTracks()) track.stop();
  }, [stream]);

  useEffect(() => {
    const chunks: Blob[] = [];
    const recorder = new MediaRecorder(stream);
    recorderRef.current = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      const duration = Math.min(LIMITS.voiceMaxSeconds, Math.round(measure() / 100) / 10);
      setRecording({ blob, url: URL.createObjectURL(blob), duration });
      release();
    };
    clock.current = { total: 0, since: Date.now() };
    recorder.start(250);
    return () => {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    };
  }, [stream, release, measure]);

  useEffect(
    () => () => {
      if (recording) URL.revokeObjectURL(recording.url);
    },
    [recording],
  );

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (!recorder || recorder.state === 'inactive') return;
    clock.current = { total: measure(), since: 0 };
    setElapsed(clock.current.total / 1000);
    recorder.stop();
    setState('stopped');
  }, [measure]);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      const ms = measure();
      setElapsed(ms / 1000);
      // The spec's limit: the recording ends by itself at 60 s and waits as a preview.
      if (ms >= LIMITS.voiceMaxSeconds * 1000) stop();
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state, stop, measure]);

  const pause = () => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'recording') return;
    recorder.pause();
    clock.current = { total: measure(), since: 0 };
    setState('paused');
  };

  const resume = () => {
    const recorder = recorderRef.current;
    if (recorder?.state !== 'paused') return;
    recorder.resume();
    clock.current = { total: clock.current.total, since: Date.now() };
    setState('recording');
  };

  return { state, elapsed, recording, pause, resume, stop };
}
