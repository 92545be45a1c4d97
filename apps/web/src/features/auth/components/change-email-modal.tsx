import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconAt } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { showToast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-form';
import { useChangeEmail } from '../api/change-email';
import { validateNewEmail } from '../lib/forms';

type TChangeEmailModalProps = {
  opened: boolean;
  onClose: () => void;
  tempToken: string;
  current: string;
  onChanged: (email: string) => void;
};

/** The email step's "wrong address?" modal: POST /auth/change-email sends a new code to the new address. */
export function ChangeEmailModal({ opened, onClose, tempToken, current, onChanged }: TChangeEmailModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [email, setEmail] = useState(current);
  const [error, setError] = useState<string>();
  const mutation = useChangeEmail();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNewEmail(email);
    setError(problem);
    if (problem) return;
    const next = email.trim().toLowerCase();
    mutation.mutate(
      { email: next, tempToken },
      {
        onSuccess: (reply) => {
          showToast(reply.message || t('confirm.codeSent'), 'success');
          onChanged(next);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('confirm.changeEmailTitle')}
      centered
      radius="lg"
      styles={MODAL_STYLES}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('confirm.newEmail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={LIMITS.textMaxLength}
            leftSection={<IconAt size={16} stroke={1.6} />}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(undefined);
            }}
            error={errorText(error)}
            data-autofocus
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
