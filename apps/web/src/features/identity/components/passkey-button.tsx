import { Button, type ButtonProps } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { passkeyFailure } from '../lib/passkey-ceremony';
import '../mfa-texts';

type TPasskeyButtonProps = {
  label: string;
  variant?: ButtonProps['variant'];
  iconStroke?: number;
  /** The WebAuthn ceremony and its request: the button waits on it, and its failure shows under the button. */
  ceremony: { isPending: boolean; isError: boolean; error: unknown };
  onClick: () => void;
};

/** A full-width fingerprint button that runs a passkey ceremony, and why the last one failed. */
export function PasskeyButton({ label, variant, iconStroke, ceremony, onClick }: TPasskeyButtonProps) {
  const { t } = useTranslation('mfa');
  return (
    <>
      <Button
        variant={variant}
        size="md"
        fullWidth
        leftSection={<IconFingerprint size={18} stroke={iconStroke} />}
        loading={ceremony.isPending}
        onClick={onClick}
      >
        {label}
      </Button>
      {ceremony.isError && <ErrorAlert>{passkeyFailure(ceremony.error, t)}</ErrorAlert>}
    </>
  );
}
