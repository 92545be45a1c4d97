import { Button } from '@mantine/core';
import { ROUTES } from '@rounds/contracts/routes';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way back from every signed-out form to login. */
export function BackToLoginButton({ variant = 'default' }: { variant?: 'default' | 'subtle' }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={ROUTES.login}
      variant={variant}
      size="md"
      fullWidth
      leftSection={<IconArrowLeft size={18} stroke={1.8} />}
    >
      {t('auth.backToLogin')}
    </Button>
  );
}
