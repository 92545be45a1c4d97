import { Button } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Email confirmation with a six-digit code: built by the auth issue. */
export function EmailConfirmRoute() {
  const { t } = useTranslation();
  const page = t('pages.emailConfirm');
  usePageTitle(page);
  return (
    <ComingSoon
      page={page}
      icon={IconMailCheck}
      action={
        <Button component={Link} to={ROUTES.login} variant="light" mt="xs" leftSection={<IconArrowLeft size={16} />}>
          {t('auth.backToLogin')}
        </Button>
      }
    />
  );
}
