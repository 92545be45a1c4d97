import { Badge } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { type Icon, IconDeviceMobileMessage, IconMailCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { EmailConfirm, MobileConfirm } from '../../features/auth/components/code-confirm';
import { readConfirmState, type TConfirmState } from '../../features/auth/lib/confirm-state';
import { useCallingCodes } from '../../features/settings/api/get-calling-codes';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

type TConfirmRouteProps = {
  pageTitle: string;
  icon: Icon;
  step: 1 | 2;
  title: string;
  subtitle: (state: TConfirmState) => ReactNode;
  body: (state: TConfirmState, toLogin: () => void) => ReactNode;
};

/**
 * The two confirm screens (spec doc 1 section 2), step 1 of 2 (email) and 2 of 2 (SMS). Without the temporary
 * token in the history state there is nothing to confirm: back to login, which sends a fresh one.
 */
function ConfirmRoute({ pageTitle, icon, step, title, subtitle, body }: TConfirmRouteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(pageTitle);
  const state = readConfirmState(location.state);
  if (!state) return <Navigate to={ROUTES.login} replace />;

  const toLogin = () => navigate(ROUTES.login, { replace: true });
  return (
    <AuthScreen
      icon={icon}
      eyebrow={
        <Badge variant="light" size="sm" mt={4}>
          {t('confirm.step', { step, total: 2 })}
        </Badge>
      }
      title={title}
      subtitle={subtitle(state)}
    >
      {body(state, toLogin)}
    </AuthScreen>
  );
}

/** Email confirmation with a six-digit code. */
export function EmailConfirmRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ConfirmRoute
      pageTitle={t('pages.emailConfirm')}
      icon={IconMailCheck}
      step={1}
      title={t('confirm.emailTitle')}
      subtitle={(state) => (
        <Trans i18nKey="confirm.emailSubtitle" values={{ email: state.email }} components={{ b: <b /> }} />
      )}
      body={(state, toLogin) => (
        <EmailConfirm
          state={state}
          onStateChange={(next) => navigate('.', { replace: true, state: next })}
          onPhoneStep={(next) => navigate(ROUTES.mobileConfirm, { replace: true, state: next })}
          onSignedIn={() => navigate(ROUTES.recent, { replace: true })}
          onToLogin={toLogin}
        />
      )}
    />
  );
}

/** Phone confirmation with a six-digit SMS code. */
export function MobileConfirmRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const callingCodes = useCallingCodes();
  return (
    <ConfirmRoute
      pageTitle={t('pages.mobileConfirm')}
      icon={IconDeviceMobileMessage}
      step={2}
      title={t('confirm.phoneTitle')}
      subtitle={(state) => {
        const phone = state.phone ? `${state.phoneCountryCode ?? ''} ${state.phone}`.trim() : t('confirm.yourPhone');
        return <Trans i18nKey="confirm.phoneSubtitle" values={{ phone }} components={{ b: <b /> }} />;
      }}
      body={(state, toLogin) => (
        <MobileConfirm
          state={state}
          callingCodes={callingCodes.data ?? []}
          onStateChange={(next) => navigate('.', { replace: true, state: next })}
          onDone={toLogin}
          onToLogin={toLogin}
        />
      )}
    />
  );
}
