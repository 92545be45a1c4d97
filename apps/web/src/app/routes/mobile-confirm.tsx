import { Badge } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconDeviceMobileMessage } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MobileConfirm } from '../../features/auth/components/mobile-confirm';
import { readConfirmState } from '../../features/auth/lib/confirm-state';
import { useCallingCodes } from '../../features/settings/api/get-calling-codes';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

/** Phone confirmation with a six-digit SMS code (spec doc 1 section 2), step 2 of 2. */
export function MobileConfirmRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const callingCodes = useCallingCodes();
  usePageTitle(t('pages.mobileConfirm'));
  const state = readConfirmState(location.state);
  // The SMS step without a temporary token goes to login (spec doc 1 section 2).
  if (!state) return <Navigate to={ROUTES.login} replace />;

  const phone = state.phone ? `${state.phoneCountryCode ?? ''} ${state.phone}`.trim() : t('confirm.yourPhone');
  const toLogin = () => navigate(ROUTES.login, { replace: true });
  return (
    <AuthScreen
      icon={IconDeviceMobileMessage}
      eyebrow={
        <Badge variant="light" size="sm" mt={4}>
          {t('confirm.step', { step: 2, total: 2 })}
        </Badge>
      }
      title={t('confirm.phoneTitle')}
      subtitle={<Trans i18nKey="confirm.phoneSubtitle" values={{ phone }} components={{ b: <b /> }} />}
    >
      <MobileConfirm
        state={state}
        callingCodes={callingCodes.data ?? []}
        onStateChange={(next) => navigate('.', { replace: true, state: next })}
        onDone={toLogin}
        onToLogin={toLogin}
      />
    </AuthScreen>
  );
}
