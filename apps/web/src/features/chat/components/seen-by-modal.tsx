import { Alert, Avatar, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { useSeenBy } from '../api/get-seen-by';
import { useMessageText } from '../hooks/use-message-text';
import { useNow } from '../hooks/use-now';
import { dayKind } from '../lib/days';
import { formatDate, formatTime } from '../lib/format-time';
import '../chat-texts';

type TSeenByModalProps = { twId: string; messageId: string | null; onClose: () => void };

/** Who has read the user's message and when (GET /chat-room/seen-by); Read events refresh it while open. */
export function SeenByModal({ twId, messageId, onClose }: TSeenByModalProps) {
  const { t } = useTranslation('chat');
  const { language } = useMessageText();
  const now = useNow();
  const seen = useSeenBy(twId, messageId);
  const when = (at: number) => {
    const kind = dayKind(at, now);
    const day = kind === 'date' ? formatDate(at, language, now) : t(`list.${kind}`);
    return t('seenBy.at', { day, time: formatTime(at, language) });
  };

  return (
    <Modal
      opened={messageId !== null}
      onClose={onClose}
      title={t('seenBy.title')}
      centered
      size="sm"
      styles={MODAL_STYLES}
    >
      {seen.isPending && (
        <Center py="lg" role="status" aria-label={t('seenBy.loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {seen.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('seenBy.failed')}
        </Alert>
      )}
      {seen.data && seen.data.length === 0 && (
        <Stack align="center" gap={6} py="md">
          <IconEyeOff size={28} stroke={1.5} aria-hidden />
          <Text fz="sm" c="dimmed">
            {t('seenBy.empty')}
          </Text>
        </Stack>
      )}
      {seen.data && seen.data.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {seen.data.map((entry) => (
            <Group component="li" key={entry.userId} gap="sm" wrap="nowrap">
              <Avatar size={34} radius={34} color="initials" name={entry.fullName} alt="" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} truncate>
                  {entry.fullName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {when(entry.timetoken)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
