import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMicrophone, IconPhone, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { callAction } from '../call-actions';
import '../calls-texts';
import { participantOf, useCalls } from '../call-store';
import { CallTimer } from './call-timer';

/**
 * The ongoing-call bar of a room (doc 2 section 2): a call runs here and this user is not in it (declined, missed,
 * left, or never rung), so they may Join, or Join with voice on a video call.
 */
export function CallBar({ twId }: { twId: string }) {
  const { t } = useTranslation('calls');
  const me = useSession((s) => s.user?.id);
  const call = useCalls((s) => s.calls[twId]);
  const mine = call ? participantOf(call, me) : undefined;
  if (call?.status !== 'started' || mine?.status === 'accepted' || mine?.status === 'ringing') return null;
  const inCall = call.participants.filter((p) => p.status === 'accepted').map((p) => p.fullName);
  const join = (audioOnly: boolean) => void callAction('CallAccept', { twId, audioOnly });
  return (
    <Paper radius={0} px="md" py={8} withBorder role="status" aria-label={t('ongoing')}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          {call.type === 'video' ? <IconVideo size={18} aria-hidden /> : <IconPhone size={18} aria-hidden />}
          <Text fz="sm" truncate>
            {t('ongoingWith', { names: inCall.join(', ') })}
            {call.startedAt && (
              <>
                {' · '}
                <CallTimer since={call.startedAt} />
              </>
            )}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          {call.type === 'video' && (
            <Button
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconMicrophone size={14} />}
              onClick={() => join(true)}
            >
              {t('joinWithVoice')}
            </Button>
          )}
          <Button size="xs" color="teal" onClick={() => join(false)}>
            {t('join')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
