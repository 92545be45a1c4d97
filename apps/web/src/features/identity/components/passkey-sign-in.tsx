import { Alert, Button, Divider, Stack } from '@mantine/core';
import type { TMfaLoginReply } from '@rounds/contracts/mfa';
import { IconAlertCircle, IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { passkeyFailure, passkeysSupported } from '../lib/passkey-ceremony';
import '../mfa-texts';

/**
 * "Sign in with a passkey" under the password form (issue 26): the device offers the passkeys it holds for
 * this site and unlocks one (fingerprint, face, PIN); that is both factors, so no password and no code follow.
 * Hidden where the browser has no WebAuthn.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (reply: TMfaLoginReply) => void }) {
  const { t } = useTranslation('mfa');
  const signIn = usePasskeySignIn();
  if (!passkeysSupported()) return null;
  return (
    <Stack gap="md">
      <Divider label={t('or')} labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconFingerprint size={18} stroke={1.8} />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate({ remember: false }, { onSuccess: onSignedIn })}
      >
        {t('passkeySignIn')}
      </Button>
      {signIn.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {passkeyFailure(signIn.error, t)}
        </Alert>
      )}
    </Stack>
  );
}
