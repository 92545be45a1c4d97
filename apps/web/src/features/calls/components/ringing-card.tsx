import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import { IconMicrophone, IconPhone, IconPhoneOff, IconScreenShare, IconVideo } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { useSession } from '../../../lib/session-store';
import { callAction } from '../call-actions';
import { CALL_SHORTCUTS, callShortcutOf, keepsFocus } from '../call-shortcuts';
import { CallControl } from './call-control';
import classes from './call-layer.module.css';

/** The spec's throttle on accept, decline and answer with voice (doc 2 section 9). */
const THROTTLE_MS = 3_000;

/**
 * A call ringing for this user: who calls and how, Accept, Answer with voice (video calls) and Decline. The
 * first ringing call is large; others queue as smaller cards. Every tab shows it until one answers.
 * The large card takes focus (on Accept) unless someone is typing or in a dialog, and answers to its keyboard
 * shortcuts wherever focus is (issue 28).
 */
export function RingingCard({ call, large }: { call: TCall; large: boolean }) {
  const { t } = useTranslation('calls');
  const hintId = useId();
  const acceptRef = useRef<HTMLButtonElement>(null);
  const [busyUntil, setBusyUntil] = useState(0);
  // Which button's action is on its way, shown as a spinner on it.
  const [pending, setPending] = useState<'accept' | 'voice' | 'decline' | null>(null);
  const caller = call.participants.find((p) => p.id === call.initializerId);
  // A callee who may speak but not show video answers a video call or a screen share with voice only: that is
  // their Accept (and its shortcut); both buttons stand only for someone who may do either.
  const permissions = useSession((s) => s.user?.permissions);
  const voiceOnly = call.type !== 'voice' && permissions?.video !== true;
  const bothWays = call.type === 'video' && !voiceOnly && permissions?.voice === true;
  const title = t('incoming', { context: incomingContext(call) });
  const act = (event: 'CallAccept' | 'CallDecline', audioOnly = false) => {
    if (Date.now() < busyUntil) return;
    setBusyUntil(Date.now() + THROTTLE_MS);
    setPending(event === 'CallDecline' ? 'decline' : audioOnly ? 'voice' : 'accept');
    // A refusal (busy on another device, no permission) changed nothing: the other button answers at once.
    void callAction(event, { twId: call.twId, audioOnly }).then((done) => {
      setPending(null);
      if (!done) setBusyUntil(0);
    });
  };
  const actRef = useRef(act);
  actRef.current = act;
  const voiceOnlyRef = useRef(voiceOnly);
  voiceOnlyRef.current = voiceOnly;

  useEffect(() => {
    if (!large) return;
    if (!keepsFocus(document.activeElement)) acceptRef.current?.focus();
    // In the capture phase, before a field or a menu sees the keys; a Mac's Option+Shift+A would type Å.
    const onKey = (event: KeyboardEvent) => {
      const shortcut = callShortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      event.stopPropagation();
      actRef.current(shortcut === 'accept' ? 'CallAccept' : 'CallDecline', voiceOnlyRef.current);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [large]);
  return (
    <Paper
      withBorder
      p="md"
      className={`${classes.card} ${large ? '' : classes.small}`}
      role="dialog"
      aria-label={ringingName(call, t)}
      aria-describedby={large ? hintId : undefined}
      data-call-ringing={call.twId}
    >
      {large && <VisuallyHidden id={hintId}>{t('shortcuts.hint', shortcutTexts(t))}</VisuallyHidden>}
      <Group wrap="nowrap" gap="sm">
        <PersonAvatar name={caller?.fullName ?? ''} path={null} status={null} size={large ? 48 : 36} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fz="xs" c="dimmed" fw={600}>
            {title}
          </Text>
          <Text fw={700} truncate>
            {caller?.fullName}
          </Text>
        </Stack>
        <Group gap={8} wrap="nowrap">
          {bothWays && (
            <CallControl
              label={t('answerWithVoice')}
              color="teal"
              variant="light"
              loading={pending === 'voice'}
              onClick={() => act('CallAccept', true)}
            >
              <IconMicrophone size={20} />
            </CallControl>
          )}
          <CallControl
            label={voiceOnly ? t('answerWithVoice') : t('accept')}
            color="teal"
            variant="filled"
            loading={pending === (voiceOnly ? 'voice' : 'accept')}
            ref={acceptRef}
            shortcut={large ? { keys: CALL_SHORTCUTS.accept, shown: t('shortcuts.accept') } : undefined}
            onClick={() => act('CallAccept', voiceOnly)}
          >
            {voiceOnly ? (
              <IconMicrophone size={20} />
            ) : call.type === 'video' ? (
              <IconVideo size={20} />
            ) : call.type === 'directScreenShare' ? (
              <IconScreenShare size={20} />
            ) : (
              <IconPhone size={20} />
            )}
          </CallControl>
          <CallControl
            label={t('decline')}
            color="red"
            variant="filled"
            loading={pending === 'decline'}
            shortcut={large ? { keys: CALL_SHORTCUTS.decline, shown: t('shortcuts.decline') } : undefined}
            onClick={() => act('CallDecline')}
          >
            <IconPhoneOff size={20} />
          </CallControl>
        </Group>
      </Group>
    </Paper>
  );
}

const incomingContext = (call: TCall) =>
  call.type === 'voice' ? undefined : call.type === 'video' ? 'video' : 'directScreenShare';

/** 'Incoming voice call: <caller>': the card's name, and what the call layer announces. */
export function ringingName(call: TCall, t: TFunction<'calls'>): string {
  const caller = call.participants.find((p) => p.id === call.initializerId);
  return `${t('incoming', { context: incomingContext(call) })}: ${caller?.fullName ?? ''}`;
}

/** The shortcuts as this reader's keyboard prints them (Maj for Shift in French), for the hint and the announcement. */
export const shortcutTexts = (t: TFunction<'calls'>) => ({
  accept: t('shortcuts.accept'),
  decline: t('shortcuts.decline'),
});
