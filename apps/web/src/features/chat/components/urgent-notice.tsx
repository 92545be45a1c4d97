import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TMessage } from '@rounds/contracts/chat';
import { toLanguage } from '@rounds/contracts/values';
import { IconAlertTriangle } from '@tabler/icons-react';
import { i18n } from '../../../lib/i18n';
import { formatTime } from '../lib/format-time';
import { snippet } from '../lib/snippet';
import { waitedFor } from '../lib/waited';
import '../chat-texts';

const PREVIEW_MAX = 120;

/**
 * An URGENT message waiting for this user's acknowledgement, first sent or re-notified (UrgentReminder):
 * a red notification that stays until dismissed or opened, because a toast that fades at 3 a.m. while the
 * nurse is with a patient is a toast never seen. One per message: a reminder replaces the first notice.
 */
export function showUrgentNotice(
  message: TMessage,
  { roomName, reminder, onOpen }: { roomName: string; reminder: boolean; onOpen: () => void },
): void {
  const id = `urgent-${message.id}`;
  notifications.hide(id);
  const name = message.authorName;
  const waited = waitedFor(message.timetoken, Date.now(), i18n.language);
  notifications.show({
    id,
    color: 'red',
    icon: <IconAlertTriangle size={18} />,
    autoClose: false,
    withBorder: true,
    title: reminder ? i18n.t('chat:urgent.reminderTitle', { name }) : i18n.t('chat:urgent.title', { name }),
    message: (
      <Stack gap={6} align="flex-start">
        <Text fz="sm">{message.body ? snippet(message.body, PREVIEW_MAX) : roomName}</Text>
        {reminder && (
          // A reminder is not a first notice: when it was sent and how long it has been waiting.
          <Text fz="xs" fw={600} data-testid="urgent-waited">
            {i18n.t('chat:urgent.sentAt', { time: formatTime(message.timetoken, toLanguage(i18n.language)) })}
            {' · '}
            {waited ? i18n.t('chat:urgent.waited', { duration: waited }) : i18n.t('chat:urgent.justNow')}
          </Text>
        )}
        <Button
          size="compact-sm"
          color="red"
          onClick={() => {
            notifications.hide(id);
            onOpen();
          }}
        >
          {i18n.t('chat:urgent.open')}
        </Button>
      </Stack>
    ),
  });
}

export function hideUrgentNotice(messageId: string): void {
  notifications.hide(`urgent-${messageId}`);
}
