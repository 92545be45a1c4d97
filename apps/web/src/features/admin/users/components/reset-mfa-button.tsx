import { Button } from '@mantine/core';
import type { TUser } from '@rounds/contracts/user';
import { IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { showToast } from '../../../../lib/toast';
import { useResetUserMfa } from '../api/reset-user-mfa';

/** An Admin resets a user's two-step sign-in (a lost phone), after asking; the user log records it. */
export function ResetMfaButton({ user, disabled }: { user: TUser; disabled: boolean }) {
  const { t } = useTranslation('adminUsers');
  const reset = useResetUserMfa();
  const [asking, setAsking] = useState(false);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShieldX size={16} stroke={1.8} />}
        onClick={() => setAsking(true)}
        disabled={disabled}
      >
        {t('mfa.reset')}
      </Button>
      <ConfirmModal
        opened={asking}
        title={t('mfa.resetTitle', { name })}
        body={t('mfa.resetBody')}
        confirm={t('mfa.resetConfirm')}
        cancel={t('mfa.cancel')}
        busy={reset.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => showToast(t('mfa.resetDone'), 'success'),
            onSettled: () => setAsking(false),
          })
        }
      />
    </>
  );
}
