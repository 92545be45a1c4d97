import { Text, TextInput } from '@mantine/core';
import type { TSavedFilter } from '@rounds/contracts/contacts';
import { LIMITS } from '@rounds/contracts/limits';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormModal } from '../../../components/form-modal';
import { showToast } from '../../../lib/toast';
import { useCreateSavedFilter } from '../api/create-saved-filter';
import { useGroupName } from '../hooks/use-group-name';
import { type TFilterParams, toSavedParams } from '../lib/filters';

type TSaveFilterModalProps = {
  opened: boolean;
  filters: TFilterParams;
  onClose: () => void;
  onSaved: (saved: TSavedFilter) => void;
};

/** Names the current choices and saves them (POST /filter); the new filter becomes the one applied. */
export function SaveFilterModal({ opened, filters, onClose, onSaved }: TSaveFilterModalProps) {
  const { t } = useTranslation('contacts');
  const name = useGroupName(t('saveModal.required'));
  const create = useCreateSavedFilter();

  const close = () => {
    if (create.isPending) return;
    name.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.take();
    if (!trimmed) return;
    create.mutate(
      { name: trimmed, params: toSavedParams(filters) },
      {
        onSuccess: (saved) => {
          showToast(t('saveModal.saved', { name: saved.name }), 'success');
          onSaved(saved);
          name.reset();
          onClose();
        },
        onError: name.refused,
      },
    );
  };

  return (
    <FormModal opened={opened} onClose={close} title={t('saveModal.title')} centered size="sm" onSubmit={submit}>
      <Text fz="sm" c="dimmed">
        {t('saveModal.intro')}
      </Text>
      <TextInput
        label={t('saveModal.name')}
        placeholder={t('saveModal.placeholder')}
        {...name.input}
        maxLength={LIMITS.textMaxLength}
        required
        data-autofocus
      />
      <FormActions cancelLabel={t('saveModal.cancel')} onCancel={close} pending={create.isPending}>
        {t('saveModal.submit')}
      </FormActions>
    </FormModal>
  );
}
