import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import { IconMicrophone, IconPhone, IconPhoneOff, IconScreenShare, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { callAction } from '../call-actions';
import { CallControl } from './call-control';
import classes from './call-layer.module.css';

/** The spec's throttle on accept, decline and answer with voice (doc 2 section 9). */
const THROTTLE_MS = 3_000;

/**
 * A call ringing for this user: who calls and how, Accept, Answer with voice (video calls) and Decline. The
 * first ringing call is large; others queue as smaller cards. Every tab shows it until one answers.
 */
export function RingingCard({ call, large }: { call: TCall; large: boolean }) {
  const { t } = useTranslation('calls');
  const [busyUntil, setBusyUntil] = useState(0);
  // Which button's action is on its way, shown as a spinner on it.
  const [pending, setPending] = useState<'accept' | 'voice' | 'decline' | null>(null);
  const caller = call.participants.find((p) => p.id === call.initializerId);
  const context = call.type === 'voice' ? undefined : call.type === 'video' ? 'video' : 'directScreenShare';
  const title = t('incoming', { context });
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
  return (
    <Paper
      withBorder
      p="md"
      className={`${classes.card} ${large ? '' : classes.small}`}
      role="dialog"
      aria-label={`${title}: ${caller?.fullName ?? ''}`}
      data-call-ringing={call.twId}
    >
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
          {call.type === 'video' && (
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
            label={t('accept')}
            color="teal"
            variant="filled"
            loading={pending === 'accept'}
            onClick={() => act('CallAccept')}
          >
            {call.type === 'video' ? (
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
            onClick={() => act('CallDecline')}
          >
            <IconPhoneOff size={20} />
          </CallControl>
        </Group>
      </Group>
    </Paper>
  );
}
