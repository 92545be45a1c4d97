import { Modal } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/coming-soon';

/** The group modal (doc 1 section 2 "Group modal"); the groups issue fills in the People and Groups tabs. */
export function GroupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('group.createTitle')} size="lg" centered radius="lg">
      <ComingSoon page={t('pages.group')} icon={IconUsersGroup} compact />
    </Modal>
  );
}
