import { Badge } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { EmailConfirm } from '../../features/auth/components/email-confirm';
import { readConfirmState, type TConfirmState } from '../../features/auth/lib/confirm-state';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

/** Email confirmation with a six-digit code (spec doc 1 section 2), step 1 of 2. */
export function EmailConfirmRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(t('pages.emailConfirm'));
  const state = readConfirmState(location.state);
  // Without the temporary token there is nothing to confirm: back to login, which sends a fresh one.
  if (!state) return <Navigate to={ROUTES.login} replace />;

  const toLogin = () => navigate(ROUTES.login, { replace: true });
  return (
    <AuthScreen
      icon={IconMailCheck}
      eyebrow={
        <Badge variant="light" size="sm" mt={4}>
          {t('confirm.step', { step: 1, total: 2 })}
        </Badge>
      }
      title={t('confirm.emailTitle')}
      subtitle={<Trans i18nKey="confirm.emailSubtitle" values={{ email: state.email }} components={{ b: <b /> }} />}
    >
      <EmailConfirm
        // A new screen per address: the countdown and code start again when the address changes.
        state={state}
        onStateChange={(next) => navigate('.', { replace: true, state: next })}
        onPhoneStep={(next: TConfirmState) => navigate(ROUTES.mobileConfirm, { replace: true, state: next })}
        onSignedIn={() => navigate(ROUTES.recent, { replace: true })}
        onToLogin={toLogin}
      />
    </AuthScreen>
  );
}
