import { Group, Loader, Text } from '@mantine/core';
import { SSO_ERRORS } from '@rounds/contracts/sso';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { getMe } from '../api/get-me';
import { refreshToken } from '../api/refresh-token';
import { startSession } from '../lib/start-session';

/** The codes the server's callback may send back, and this page's own. */
const KNOWN = new Set<string>([...SSO_ERRORS, 'SESSION']);

/**
 * The login page after the provider's callback (`?sso=done` or `?sso=<code>`): the server has set the session's
 * refresh cookie, so the page takes the session up as a new tab does (a token for the cookie, then the account)
 * and goes on like a password sign-in; a refusal is said in the user's language.
 */
export function SsoResult({ result, onLoggedIn }: { result: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(result === 'done' ? null : KNOWN.has(result) ? result : 'SSO_INVALID');
  const started = useRef(false);
  useEffect(() => {
    if (result !== 'done' || started.current) return;
    started.current = true;
    (async () => {
      const token = await refreshToken(null);
      startSession(token, await getMe(token), false);
      onLoggedIn();
    })().catch(() => setFailed('SESSION'));
  }, [result, onLoggedIn]);

  if (failed)
    return (
      <ErrorAlert mb="md" data-testid="sso-error">
        {t(`auth.sso.errors.${failed}` as 'auth.sso.errors.SSO_INVALID')}
      </ErrorAlert>
    );
  return (
    <Group justify="center" gap="sm" py="xl" role="status">
      <Loader size="sm" />
      <Text>{t('auth.sso.signingIn')}</Text>
    </Group>
  );
}
