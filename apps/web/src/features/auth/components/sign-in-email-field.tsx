import { useTranslation } from 'react-i18next';
import { EmailField, type TEmailFieldProps } from '../../../components/email-field';

type TSignInEmailFieldProps = Omit<TEmailFieldProps, 'label' | 'placeholder' | 'autoComplete'>;

/** The address an account signs in with (Sign in, Forgot password): filled as the username by password managers. */
export function SignInEmailField(props: TSignInEmailFieldProps) {
  const { t } = useTranslation();
  return (
    <EmailField label={t('auth.email')} placeholder={t('auth.emailPlaceholder')} autoComplete="username" {...props} />
  );
}
