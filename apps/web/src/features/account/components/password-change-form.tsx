import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLockCheck } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { useErrorText, useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';
import { type TPasswordValues, validatePasswordChange } from '../lib/forms';

const EMPTY: TPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

type TPasswordChangeFormProps = {
  /** After 'Password has been updated': the fields are already cleared. */
  onChanged: (message: string) => void;
  /** Beside the Update button (the modal's 'Remind me later'). */
  secondary?: ReactNode;
  autoFocus?: boolean;
};

/**
 * Current, new and confirmation (spec doc 2 section 5); Enter submits; only current and new are sent. Used by
 * the Account tab and the password update modal.
 */
export function PasswordChangeForm({ onChanged, secondary, autoFocus }: TPasswordChangeFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<TPasswordValues>(EMPTY);
  const { values, errors, setField } = form;
  const mutation = useChangePassword();
  const email = useSession((s) => s.user?.email ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    form.setErrors(found);
    if (hasErrors(found)) return;
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: (reply) => {
          form.reset(EMPTY);
          onChanged(reply.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'WRONG_PASSWORD') {
            form.setErrors({ currentPassword: error.message });
          }
        },
      },
    );
  };

  const field = (name: keyof TPasswordValues, label: string, autoComplete: string, focus = false) => (
    <PasswordField
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => setField(name, value)}
      error={errorText(errors[name])}
      data-autofocus={focus || undefined}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('account.password')}>
      <Stack gap="md">
        {/* For password managers: which account this new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {field('currentPassword', t('account.currentPassword'), 'current-password', autoFocus)}
        {field('newPassword', t('account.newPassword'), 'new-password')}
        {field('confirmPassword', t('account.confirmNewPassword'), 'new-password')}
        <Text fz="xs" c="dimmed" mt={-6}>
          {t('auth.passwordRules')}
        </Text>
        <Group justify="flex-end" gap="sm">
          {secondary}
          <Button type="submit" loading={mutation.isPending} leftSection={<IconLockCheck size={16} stroke={1.8} />}>
            {t('account.updatePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
