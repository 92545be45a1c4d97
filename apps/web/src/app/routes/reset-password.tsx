import { ROUTES } from '@rounds/contracts/routes';
import { IconLockCog, IconLockPassword } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ResetForm } from '../../features/auth/components/reset-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthScreen } from '../layouts/auth-screen';

/**
 * Reset password (spec doc 1 section 2), and the forced set-password flow, which is the same screen: with a
 * token in the URL the code field is hidden and POST /user/set-password is called.
 */
export function PasswordScreen({ forced }: { forced: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const setting = forced || Boolean(token);
  usePageTitle(t(setting ? 'pages.setPassword' : 'pages.resetPassword'));
  const email = (location.state as { email?: unknown } | null)?.email;

  return (
    <AuthScreen
      icon={setting ? IconLockCog : IconLockPassword}
      title={t(setting ? 'reset.setTitle' : 'reset.title')}
      subtitle={
        token ? (
          t('reset.setSubtitle')
        ) : typeof email === 'string' && email ? (
          <Trans i18nKey="reset.subtitleTo" values={{ email }} components={{ b: <b /> }} />
        ) : (
          t('reset.subtitle')
        )
      }
    >
      <ResetForm token={token} forced={forced} onDone={() => navigate(ROUTES.login, { replace: true })} />
    </AuthScreen>
  );
}

export function ResetPasswordRoute() {
  return <PasswordScreen forced={false} />;
}
