import { Button, Group, Modal, Stack } from '@mantine/core';
import type { TCallingCode } from '@rounds/contracts/settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { PhoneField, type TPhoneValue } from '../../../components/phone-field';
import { showToast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-form';
import { useChangePhone } from '../api/change-phone';
import { validatePhone } from '../lib/forms';

type TChangePhoneModalProps = {
  opened: boolean;
  onClose: () => void;
  tempToken: string;
  current: TPhoneValue;
  callingCodes: readonly TCallingCode[];
  onChanged: (phone: TPhoneValue) => void;
};

/** The SMS step's "wrong number?" modal: POST /auth/change-phone sends a new code to the new number. */
export function ChangePhoneModal({
  opened,
  onClose,
  tempToken,
  current,
  callingCodes,
  onChanged,
}: TChangePhoneModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [phone, setPhone] = useState<TPhoneValue>(current);
  const [error, setError] = useState<string>();
  const mutation = useChangePhone();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validatePhone(phone.phone);
    setError(problem);
    if (problem) return;
    mutation.mutate(
      { ...phone, tempToken },
      {
        onSuccess: (reply) => {
          showToast(reply.message || t('confirm.codeSent'), 'success');
          onChanged(phone);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('confirm.changePhoneTitle')}
      centered
      radius="lg"
      styles={MODAL_STYLES}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PhoneField
            codes={callingCodes}
            value={phone}
            onChange={(next) => {
              setPhone(next);
              setError(undefined);
            }}
            error={errorText(error)}
            autoFocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('confirm.sendCode')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
