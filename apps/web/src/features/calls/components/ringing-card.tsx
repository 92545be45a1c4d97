import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { TCall } from '@rounds/contracts/calls';
import { IconMicrophone, IconPhone, IconPhoneOff, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { callAction } from '../call-actions';
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
  const caller = call.participants.find((p) => p.id === call.initializerId);
  const context = call.type === 'voice' ? undefined : call.type === 'video' ? 'video' : 'directScreenShare';
  const title = t('incoming', { context });
  const act = (event: 'CallAccept' | 'CallDecline', audioOnly = false) => {
    if (Date.now() < busyUntil) return;
    setBusyUntil(Date.now() + THROTTLE_MS);
    void callAction(event, { twId: call.twId, audioOnly });
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
            <Tooltip label={t('answerWithVoice')} withArrow>
              <ActionIcon
                size={40}
                radius="xl"
                color="teal"
                variant="light"
                aria-label={t('answerWithVoice')}
                onClick={() => act('CallAccept', true)}
              >
                <IconMicrophone size={20} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('accept')} withArrow>
            <ActionIcon
              size={40}
              radius="xl"
              color="teal"
              variant="filled"
              aria-label={t('accept')}
              onClick={() => act('CallAccept')}
            >
              {call.type === 'video' ? <IconVideo size={20} /> : <IconPhone size={20} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('decline')} withArrow>
            <ActionIcon
              size={40}
              radius="xl"
              color="red"
              variant="filled"
              aria-label={t('decline')}
              onClick={() => act('CallDecline')}
            >
              <IconPhoneOff size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
