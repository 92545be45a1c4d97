import { Button } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft, IconLockCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Forced password change, same screen as reset (spec doc 1 section 2): built by the auth issue. */
export function SetPasswordRoute() {
  const { t } = useTranslation();
  const page = t('pages.setPassword');
  usePageTitle(page);
  return (
    <ComingSoon
      page={page}
      icon={IconLockCog}
      action={
        <Button component={Link} to={ROUTES.login} variant="light" mt="xs" leftSection={<IconArrowLeft size={16} />}>
          {t('auth.backToLogin')}
        </Button>
      }
    />
  );
}
