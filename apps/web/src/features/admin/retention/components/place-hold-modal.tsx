import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { RETENTION_LIMITS } from '@rounds/contracts/compliance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions';
import { showToast } from '../../../../lib/toast';
import { usePlaceLegalHold } from '../api/place-legal-hold';
import { TargetSelect, TargetTypeControl, useTargetChoice } from './target-select';

/** Places a hold: a person or a conversation (found by name), a name for the matter and the reason. */
export function PlaceHoldModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin-sections');
  const { t: common } = useTranslation();
  const choice = useTargetChoice('user');
  const { type, targetId } = choice;
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const place = usePlaceLegalHold();
  const close = () => {
    choice.clear();
    setName('');
    setReason('');
    onClose();
  };
  const ready = targetId !== null && name.trim() !== '' && reason.trim() !== '';

  return (
    <Modal opened={opened} onClose={close} title={t('retention.placeTitle')} centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          place.mutate(
            { targetType: type, targetId, name, reason },
            {
              onSuccess: () => {
                showToast(t('retention.placed'), 'success');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <TargetTypeControl choice={choice} label={t('retention.targetType')} order={['user', 'room']} />
          <TargetSelect choice={choice} enabled={opened} />
          <TextInput
            label={t('retention.name')}
            placeholder={t('retention.namePlaceholder')}
            required
            maxLength={RETENTION_LIMITS.nameMax}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Textarea
            label={t('retention.reason')}
            required
            autosize
            minRows={2}
            maxLength={RETENTION_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <FormActions
            cancelLabel={common('common.cancel')}
            onCancel={close}
            loading={place.isPending}
            disabled={!ready}
          >
            {t('retention.placeConfirm')}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
