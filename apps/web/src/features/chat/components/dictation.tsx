import { ActionIcon, Button, Loader, Tooltip } from '@mantine/core';
import { IconPlayerStopFilled, IconTextRecognition } from '@tabler/icons-react';
import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDictationState } from '../hooks/use-dictation';
import { formatDuration } from '../lib/duration';
import classes from './chat.module.css';
import '../chat-texts';

type TDictationButtonProps = {
  state: TDictationState;
  onStart: () => void;
  onStop: () => void;
};

/** Held longer than this, the button is push-to-talk (release stops); shorter, it is a toggle. */
const HOLD_MS = 400;

/**
 * The dictation button: hold to talk (a nurse with gloves presses and speaks), or click to start and click
 * again to stop; Enter and Space toggle too. Pressing while dictating always stops.
 */
export function DictationButton({ state, onStart, onStop }: TDictationButtonProps) {
  const { t } = useTranslation('chat');
  const pressedAt = useRef<number | null>(null);
  const active = state !== 'idle';

  const down = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // Keep the cursor in the message box: the words go where it is.
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (active) {
      pressedAt.current = null;
      onStop();
      return;
    }
    pressedAt.current = Date.now();
    onStart();
  };
  const up = () => {
    const at = pressedAt.current;
    pressedAt.current = null;
    if (at !== null && Date.now() - at >= HOLD_MS) onStop();
  };
  const label = active ? t('dictation.stop') : t('dictation.start');

  return (
    // No tooltip while dictating: under a held finger it would cover the time and Stop in the bar above.
    <Tooltip label={t('dictation.hint')} withArrow disabled={active}>
      <ActionIcon
        size={40}
        radius="xl"
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'red' : 'gray'}
        className={classes.dictationButton}
        data-state={state}
        aria-label={label}
        aria-pressed={active}
        onPointerDown={down}
        onPointerUp={up}
        onPointerCancel={up}
        onClick={(event) => {
          // Keyboard (detail 0): a toggle. Pointer clicks were handled on down/up.
          if (event.detail !== 0) return;
          if (active) onStop();
          else onStart();
        }}
        onContextMenu={(event) => event.preventDefault()}
      >
        {state === 'finishing' ? (
          <Loader size={18} color="white" />
        ) : active ? (
          <IconPlayerStopFilled size={18} />
        ) : (
          <IconTextRecognition size={20} stroke={1.8} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

type TDictationBarProps = {
  state: TDictationState;
  elapsed: number;
  level: number;
  maxSeconds: number;
  onStop: () => void;
};

/** Above the message box while dictating: the microphone level, the time towards the limit, and Stop. */
export function DictationBar({ state, elapsed, level, maxSeconds, onStop }: TDictationBarProps) {
  const { t } = useTranslation('chat');
  const status =
    state === 'starting'
      ? t('dictation.starting')
      : state === 'finishing'
        ? t('dictation.finishing')
        : t('dictation.listening');
  return (
    <section className={classes.dictationBar} aria-label={t('dictation.bar')} data-testid="dictation-bar">
      <span className={classes.dictationDot} data-live={state === 'listening' || undefined} aria-hidden />
      <span className={classes.dictationStatus} role="status">
        {status}
      </span>
      <span className={classes.dictationLevel} title={t('dictation.level')} aria-hidden data-testid="dictation-level">
        <span style={{ transform: `scaleX(${Math.max(0.04, level)})` }} />
      </span>
      <span className={classes.dictationTime} role="timer" data-testid="dictation-timer">
        {formatDuration(elapsed)} / {formatDuration(maxSeconds)}
      </span>
      <Button
        size="compact-sm"
        radius="xl"
        color="red"
        variant="light"
        leftSection={<IconPlayerStopFilled size={14} />}
        onClick={onStop}
        disabled={state === 'finishing'}
      >
        {t('dictation.stopShort')}
      </Button>
    </section>
  );
}
