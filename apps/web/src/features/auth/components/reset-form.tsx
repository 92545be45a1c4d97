import { Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconLockCheck } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { hasErrors } from '../../../lib/form-errors';
import { showToast } from '../../../lib/toast';
import { useErrorText, useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/reset-password';
import { useSetPassword } from '../api/set-password';
import { type TResetValues, validateReset } from '../lib/forms';
import { BackToLoginButton } from './back-to-login-button';
import { NewPasswordFields } from './new-password-fields';

type TResetFormProps = {
  /** From the URL: the forced set-password flow, without the code field (spec doc 1 section 2). */
  token?: string;
  /** /set-password: POST /user/set-password even when the code is typed. */
  forced?: boolean;
  onDone: () => void;
};

/**
 * Reset password: the 10-character code from the email, the new password and its confirmation. With a
 * token in the URL it is the forced set-password flow: no code field, POST /user/set-password.
 */
export function ResetForm({ token, forced = false, onDone }: TResetFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<TResetValues>({ code: '', password: '', confirmPassword: '' });
  const { values, errors, setField } = form;
  const reset = useResetPassword();
  const set = useSetPassword();
  const withCode = !token;
  const mutation = token || forced ? set : reset;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateReset(values, withCode);
    form.setErrors(found);
    if (hasErrors(found)) return;
    // Codes are capitals and digits; people type them in lowercase, with stray spaces.
    const code = token ?? values.code.replace(/\s+/g, '').toUpperCase();
    mutation.mutate(
      { token: code, password: values.password },
      {
        onSuccess: (reply) => {
          showToast(reply.message || t('reset.done'), 'success');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
      <Stack gap="md">
        {withCode && (
          <TextInput
            label={t('reset.code')}
            description={t('reset.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            leftSection={<IconKey size={16} stroke={1.6} />}
            value={values.code}
            onChange={(event) => setField('code', event.currentTarget.value)}
            error={errorText(errors.code)}
            styles={{ input: { letterSpacing: 2, fontFamily: 'var(--mantine-font-family-monospace)' } }}
            autoFocus
          />
        )}
        <NewPasswordFields
          label={t('reset.newPassword')}
          values={values}
          errors={errors}
          onChange={form.patch}
          autoFocus={!withCode}
        />
        <Text fz="xs" c="dimmed" mt={-6}>
          {t('auth.passwordRules')}
        </Text>
        <SubmitButton loading={mutation.isPending} leftSection={<IconLockCheck size={18} stroke={1.8} />}>
          {t('reset.submit')}
        </SubmitButton>
        <BackToLoginButton />
      </Stack>
    </form>
  );
}
