import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconAlertTriangle, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAcknowledgeMessage } from '../api/acknowledge-message';
import { usePendingUrgent } from '../api/get-pending-urgent';
import { useNow } from '../hooks/use-now';
import { snippet } from '../lib/snippet';
import { waitedFor } from '../lib/waited';
import { useUrgentReminders } from '../stores/urgent-reminders';
import classes from './chat.module.css';
import '../chat-texts';

const PREVIEW_MAX = 80;

type TPendingUrgentProps = {
  rooms: readonly TChatRoom[] | undefined;
  onOpen: (twId: string) => void;
  /** The room on screen, whose messages its own bubbles already ask about (the list inside a phone's room). */
  exceptTwId?: string;
  className?: string;
};

/**
 * URGENT messages waiting for this user's acknowledgement, above the room list: brought up at sign-in and
 * reload (whoever was offline when it came, or reloaded without acknowledging) and there until each is
 * acknowledged. In the page's flow rather than a toast, so it hides nothing.
 */
export function PendingUrgent({ rooms, onOpen, exceptTwId, className }: TPendingUrgentProps) {
  const { t, i18n } = useTranslation('chat');
  const pending = usePendingUrgent();
  const acknowledge = useAcknowledgeMessage();
  const reminded = useUrgentReminders((s) => s.ids);
  // Every 15 s: 'just now' turns into 'Waiting for 1 minute' close to when it becomes true.
  const now = useNow(15_000);
  const messages = (pending.data ?? []).filter((message) => message.twId !== exceptTwId);
  if (messages.length === 0) return null;
  const roomName = (twId: string) => rooms?.find((room) => room.twId === twId)?.name;

  return (
    <Paper
      className={className ? `${classes.pendingUrgent} ${className}` : classes.pendingUrgent}
      role="alert"
      data-testid="pending-urgent"
      withBorder
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={18} aria-hidden className={classes.pendingUrgentIcon} />
        <Text fz="sm" fw={700}>
          {t('urgent.pendingTitle', { count: messages.length })}
        </Text>
      </Group>
      <Stack gap={8} mt={6}>
        {messages.map((message) => {
          const where = roomName(message.twId);
          const waited = waitedFor(message.timetoken, now, i18n.language);
          return (
            <div key={message.id} className={classes.pendingUrgentItem} data-message-id={message.id}>
              <Text fz="xs" fw={600}>
                {where && where !== message.authorName ? `${message.authorName} · ${where}` : message.authorName}
              </Text>
              {message.body && <Text fz="sm">{snippet(message.body, PREVIEW_MAX)}</Text>}
              <Text fz="xs" fw={reminded.has(message.id) ? 700 : undefined}>
                {reminded.has(message.id) && `${t('urgent.reminder')} · `}
                {waited ? t('urgent.waited', { duration: waited }) : t('urgent.justNow')}
              </Text>
              <Group gap={6} mt={4}>
                <Button
                  size="compact-sm"
                  color="red"
                  leftSection={<IconChecks size={14} />}
                  loading={acknowledge.isPending && acknowledge.variables === message.id}
                  onClick={() => acknowledge.mutate(message.id)}
                >
                  {t('priority.acknowledge')}
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => onOpen(message.twId)}>
                  {t('urgent.open')}
                </Button>
              </Group>
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
