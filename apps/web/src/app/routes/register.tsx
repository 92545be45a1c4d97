import { Center, Loader } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { RegisterForm } from '../../features/auth/components/register-form';
import type { TConfirmState } from '../../features/auth/lib/confirm-state';
import { useClassificationLists } from '../../features/reference/api/get-reference-list';
import { useCallingCodes } from '../../features/settings/api/get-calling-codes';
import { useSelfRegistration } from '../../features/settings/api/get-self-registration';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

/** Register (spec doc 1 section 2): redirects to login when self-registration is disabled. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('pages.register'));
  const enabled = useSelfRegistration();
  const callingCodes = useCallingCodes();
  const lists = useClassificationLists();

  if (enabled.isPending) {
    return (
      <Center mih="60dvh">
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (enabled.data !== true) return <Navigate to={ROUTES.login} replace />;

  return (
    <AuthScreen title={t('register.title')} subtitle={t('register.subtitle')} width={720}>
      <RegisterForm
        lists={lists}
        callingCodes={callingCodes.data ?? []}
        onRegistered={(next) => navigate(ROUTES.emailConfirm, { state: next satisfies TConfirmState })}
      />
    </AuthScreen>
  );
}
