import { ROUTES } from '@rounds/contracts/routes';
import { IconLockQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ForgotForm } from '../../features/auth/components/forgot-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

/** Forgot password (spec doc 1 section 2): success leads to the reset screen. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('pages.forgotPassword'));
  return (
    <AuthScreen icon={IconLockQuestion} title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ForgotForm onSent={(email) => navigate(ROUTES.resetPassword, { state: { email } })} />
    </AuthScreen>
  );
}
