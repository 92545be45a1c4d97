import { Button } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Register (spec doc 1 section 2 "Register"): built by the auth issue. */
export function RegisterRoute() {
  const { t } = useTranslation();
  const page = t('pages.register');
  usePageTitle(page);
  return (
    <ComingSoon
      page={page}
      icon={IconUserPlus}
      action={
        <Button component={Link} to={ROUTES.login} variant="light" mt="xs" leftSection={<IconArrowLeft size={16} />}>
          {t('auth.backToLogin')}
        </Button>
      }
    />
  );
}
