import { Button } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Forgot password: built by the auth issue. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const page = t('pages.forgotPassword');
  usePageTitle(page);
  return (
    <ComingSoon
      page={page}
      icon={IconKey}
      action={
        <Button component={Link} to={ROUTES.login} variant="light" mt="xs" leftSection={<IconArrowLeft size={16} />}>
          {t('auth.backToLogin')}
        </Button>
      }
    />
  );
}
