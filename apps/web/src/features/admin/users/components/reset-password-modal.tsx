import { Text } from '@mantine/core';
import type { TUser } from '@rounds/contracts/user';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../../components/form-actions';
import { FormModal } from '../../../../components/form-modal';
import { MODAL_STYLES } from '../../../../components/modal-styles';
import { PasswordField } from '../../../../components/password-field';
import { hasErrors } from '../../../../lib/form-errors';
import { useErrorText, useForm } from '../../../../lib/use-form';
import { useResetPassword } from '../api/reset-password';
import { EMPTY_RESET, type TResetValues, validateReset } from '../lib/reset-form';

type TResetPasswordModalProps = { user: TUser | null; onClose: () => void };

/** An administrator sets a user's new password; the modal closes after success (doc 2 section 4). */
export function ResetPasswordModal({ user, onClose }: TResetPasswordModalProps) {
  const { t } = useTranslation('adminUsers');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<TResetValues>(EMPTY_RESET);
  const reset = useResetPassword();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  const close = () => {
    form.reset(EMPTY_RESET);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const found = validateReset(user.id, form.values);
    form.setErrors(found);
    if (hasErrors(found)) return;
    reset.mutate({ id: user.id, newPassword: form.values.newPassword }, { onSuccess: close });
  };

  const field = (key: keyof TResetValues, label: string, focus = false) => (
    <PasswordField
      label={label}
      autoComplete="new-password"
      value={form.values[key]}
      onChange={(value) => form.setField(key, value)}
      error={errorText(form.errors[key])}
      data-autofocus={focus || undefined}
      withAsterisk
    />
  );

  return (
    <FormModal
      opened={user !== null}
      onClose={close}
      title={t('resetModal.title')}
      styles={MODAL_STYLES}
      centered
      onSubmit={submit}
    >
      <Text fz="sm">{t('resetModal.body', { name })}</Text>
      {field('newPassword', t('resetModal.newPassword'), true)}
      {field('confirmPassword', t('resetModal.confirmPassword'))}
      <Text fz="xs" c="dimmed">
        {tc('auth.passwordRules')}
      </Text>
      <FormActions cancelLabel={t('cancel')} onCancel={close} pending={reset.isPending}>
        {t('resetModal.submit')}
      </FormActions>
    </FormModal>
  );
}
