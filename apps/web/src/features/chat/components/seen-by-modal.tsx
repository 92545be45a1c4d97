import { Alert, Avatar, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { useSeenBy } from '../api/get-seen-by';
import { useTimelineText } from '../hooks/use-timeline-text';
import { formatTime } from '../lib/format-time';
import '../chat-texts';

/** When someone read a message: 'Today at 09:41', 'Mon 3 Mar at 18:02'. */
export function useSeenAt() {
  const { t } = useTranslation('chat');
  const { language, dayLabel } = useTimelineText();
  return (at: number) => t('seenBy.at', { day: dayLabel(at), time: formatTime(at, language) });
}

/** While the readers load, or when they could not be loaded (this modal and the acknowledgement grid). */
export function SeenByLoadState({ pending, failed }: { pending: boolean; failed: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <>
      {pending && (
        <Center py="lg" role="status" aria-label={t('seenBy.loading')}>
          <Loader size="sm" />
        </Center>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('seenBy.failed')}
        </Alert>
      )}
    </>
  );
}

type TSeenByModalProps = { twId: string; messageId: string | null; onClose: () => void };

/** Who has read the user's message and when (GET /chat-room/seen-by); Read events refresh it while open. */
export function SeenByModal({ twId, messageId, onClose }: TSeenByModalProps) {
  const { t } = useTranslation('chat');
  const seen = useSeenBy(twId, messageId);
  const when = useSeenAt();

  return (
    <Modal
      opened={messageId !== null}
      onClose={onClose}
      title={t('seenBy.title')}
      centered
      size="sm"
      styles={MODAL_STYLES}
    >
      <SeenByLoadState pending={seen.isPending} failed={seen.isError} />
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
