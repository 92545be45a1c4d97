import { Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-form';
import { useForgotPassword } from '../api/forgot-password';
import { validateForgot } from '../lib/forms';
import { BackToLoginButton } from './back-to-login-button';
import { SignInEmailField } from './sign-in-email-field';

/** Forgot password (spec doc 1 section 2): the email, then on to the reset screen. */
export function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateForgot(email);
    setError(problem);
    if (problem) return;
    const username = email.trim().toLowerCase();
    mutation.mutate(
      { username },
      {
        onSuccess: (reply) => {
          showToast(reply.message, 'success');
          onSent(username);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
      <Stack gap="md">
        <SignInEmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
          error={errorText(error)}
          autoFocus
        />
        <SubmitButton loading={mutation.isPending} leftSection={<IconSend size={18} stroke={1.8} />}>
          {t('forgot.submit')}
        </SubmitButton>
        <BackToLoginButton />
      </Stack>
    </form>
  );
}
