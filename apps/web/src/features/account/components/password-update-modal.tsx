import { Button, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { PasswordChangeForm } from './password-change-form';

type TPasswordUpdateModalProps = {
  opened: boolean;
  /** 'Remind me later': hidden for the rest of this session. */
  onLater: () => void;
  /** OK after the success state. */
  onDone: () => void;
};

/**
 * Password update modal (spec doc 2 section 2): current, new and confirmation; Remind me later and Update;
 * then a success state titled 'Password has been updated' with OK. Its errors start empty each time it opens
 * (the form is mounted with it).
 */
export function PasswordUpdateModal({ opened, onLater, onDone }: TPasswordUpdateModalProps) {
  const { t } = useTranslation();
  const [updated, setUpdated] = useState<string | null>(null);

  return (
    <Modal
      opened={opened}
      onClose={updated ? onDone : onLater}
      title={updated ? undefined : t('passwordUpdate.title')}
      centered
      radius="lg"
      size="md"
      styles={MODAL_STYLES}
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      {updated ? (
        <Stack align="center" gap="sm" ta="center" py="md">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={36} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {updated}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('passwordUpdate.doneHint')}
          </Text>
          <Button mt="sm" miw={120} onClick={onDone} data-autofocus>
            {t('common.ok')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('passwordUpdate.body')}
          </Text>
          <PasswordChangeForm
            autoFocus
            onChanged={(message) => setUpdated(message || t('passwordUpdate.done'))}
            secondary={
              <Button variant="default" onClick={onLater}>
                {t('passwordUpdate.later')}
              </Button>
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
