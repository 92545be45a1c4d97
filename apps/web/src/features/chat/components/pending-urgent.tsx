import { Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TChatRoom } from '@rounds/contracts/chat';
import { IconAlertTriangle, IconChecks, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
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
 * acknowledged. In the page's flow rather than a toast, so it hides nothing. On a phone it is one line (who
 * and what, and Open) until tapped, so the conversation under it keeps the screen (issue 28).
 */
export function PendingUrgent({ rooms, onOpen, exceptTwId, className }: TPendingUrgentProps) {
  const { t, i18n } = useTranslation('chat');
  const pending = usePendingUrgent();
  const acknowledge = useAcknowledgeMessage();
  const reminded = useUrgentReminders((s) => s.ids);
  // Every 15 s: 'just now' turns into 'Waiting for 1 minute' close to when it becomes true.
  const now = useNow(15_000);
  const phone = useMediaQuery('(max-width: 767.98px)') ?? false;
  const [expanded, setExpanded] = useState(false);
  const messages = (pending.data ?? []).filter((message) => message.twId !== exceptTwId);
  if (messages.length === 0) return null;
  const roomName = (twId: string) => rooms?.find((room) => room.twId === twId)?.name;
  const paperClass = className ? `${classes.pendingUrgent} ${className}` : classes.pendingUrgent;
  const title = t('urgent.pendingTitle', { count: messages.length });
  const first = messages[0]!;

  if (phone && !expanded) {
    return (
      <Paper
        className={`${paperClass} ${classes.pendingUrgentCompact}`}
        role="alert"
        data-testid="pending-urgent"
        withBorder
      >
        <UnstyledButton className={classes.pendingUrgentLine} aria-expanded={false} onClick={() => setExpanded(true)}>
          <IconAlertTriangle size={18} aria-hidden className={classes.pendingUrgentIcon} />
          <span className={classes.pendingUrgentLineText}>
            {messages.length === 1 ? (
              <>
                <VisuallyHidden>{`${title}. `}</VisuallyHidden>
                <strong>{first.authorName}</strong>
                {first.body && `: ${snippet(first.body, PREVIEW_MAX)}`}
              </>
            ) : (
              <strong>{title}</strong>
            )}
          </span>
          <IconChevronDown size={16} aria-hidden />
        </UnstyledButton>
        <Button size="compact-sm" color="red" onClick={() => onOpen(first.twId)}>
          {t('urgent.open')}
        </Button>
      </Paper>
    );
  }

  return (
    <Paper className={paperClass} role="alert" data-testid="pending-urgent" withBorder>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={18} aria-hidden className={classes.pendingUrgentIcon} />
        <Text fz="sm" fw={700} style={{ flex: 1 }}>
          {title}
        </Text>
        {phone && (
          <UnstyledButton aria-expanded onClick={() => setExpanded(false)} aria-label={t('urgent.collapse')}>
            <IconChevronUp size={16} aria-hidden />
          </UnstyledButton>
        )}
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
