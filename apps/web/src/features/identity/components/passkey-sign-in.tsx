import { Divider, Stack } from '@mantine/core';
import type { TMfaLoginReply } from '@rounds/contracts/mfa';
import { useTranslation } from 'react-i18next';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import { passkeysSupported } from '../lib/passkey-ceremony';
import '../mfa-texts';
import { PasskeyButton } from './passkey-button';

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
      <PasskeyButton
        label={t('passkeySignIn')}
        variant="default"
        iconStroke={1.8}
        ceremony={signIn}
        onClick={() => signIn.mutate({ remember: false }, { onSuccess: onSignedIn })}
      />
    </Stack>
  );
}
