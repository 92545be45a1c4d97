import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import '../calls-texts';

/** 'Contact is not available for this call.' (doc 2 section 6): nobody connected in the room can answer it. */
export function UnavailableModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('calls');
  return (
    <Modal opened={opened} onClose={onClose} title={t('unavailableTitle')} centered size="sm" styles={MODAL_STYLES}>
      <Stack gap="lg">
        <Text fz="sm">{t('contactUnavailable')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('unavailableOk')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
