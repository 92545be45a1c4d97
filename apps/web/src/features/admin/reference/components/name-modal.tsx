import { TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions';
import { FormModal } from '../../../../components/form-modal';

type TNameModalProps = {
  opened: boolean;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
};

/**
 * The create-name modal of the reference lists (doc 2 section 5): the name is required once trimmed
 * ('Required'), and Create stays disabled while it is empty.
 */
export function NameModal({ opened, title, busy, onClose, onSubmit }: TNameModalProps) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const error = touched && !trimmed ? common('Required') : undefined;

  const close = () => {
    setName('');
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (trimmed) onSubmit(trimmed);
  };

  return (
    <FormModal opened={opened} onClose={close} title={title} centered radius="lg" onSubmit={submit}>
      <TextInput
        label={t('reference.name')}
        required
        data-autofocus
        value={name}
        maxLength={100}
        error={error}
        onChange={(event) => setName(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
      />
      <FormActions cancelLabel={common('common.cancel')} onCancel={close} loading={busy} disabled={!trimmed}>
        {t('reference.create')}
      </FormActions>
    </FormModal>
  );
}
