import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';

type TConfirmDeleteModalProps = {
  /** The name of what would be deleted; the modal is closed while it is null. */
  name: string | null;
  title: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before a reference item is deleted: its members lose it from their profiles. */
export function ConfirmDeleteModal({ name, title, busy, onClose, onConfirm }: TConfirmDeleteModalProps) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  return (
    <ConfirmModal
      opened={name !== null}
      title={title}
      body={t('reference.deleteBody', { name: name ?? '' })}
      confirm={t('reference.confirmDelete')}
      cancel={common('common.cancel')}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
