import { Input, Skeleton } from '@mantine/core';
import { FIRST_DOWNLOAD_ROUTES } from '@rounds/contracts/first-download-routes';
import { API_PREFIX } from '@rounds/contracts/limits';
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../lib/preferences-store';

/**
 * The self-hosted ALTCHA proof of work (GET /auth/captcha). The "external" build of the widget is used:
 * its stylesheet and its worker are separate files served from our origin, which is what the CSP allows
 * (script-src 'self' with no inline script or eval, worker-src 'self'). Loaded only when this field shows.
 */
let loading: Promise<void> | undefined;

function loadWidget(): Promise<void> {
  loading ??= (async () => {
    await Promise.all([import('altcha/external'), import('altcha/altcha.css')]);
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/i18n/fr-fr'),
    ]);
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  return loading;
}

type TCaptchaFieldProps = {
  /** The payload once solved (sent as captchaResponse), null while unsolved or expired. */
  onChange: (payload: string | null) => void;
  /** Changing it starts a new challenge (after the server refused the previous one). */
  resetKey: number;
  error?: string;
};

type TStateDetail = { state?: string; payload?: string };

export function CaptchaField({ onChange, resetKey, error }: TCaptchaFieldProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const theme = usePreferences((s) => s.theme);
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let alive = true;
    loadWidget().then(
      () => alive && setReady(true),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!ready || !element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<TStateDetail>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [ready]);

  useEffect(() => {
    if (resetKey === 0) return;
    widget.current?.reset?.();
    onChangeRef.current(null);
  }, [resetKey]);

  return (
    <Input.Wrapper label={t('register.captcha')} error={error} withAsterisk>
      <div className="captcha-field" data-theme={theme}>
        {failed ? (
          <Input.Error>{t('errors.generic')}</Input.Error>
        ) : ready ? (
          <altcha-widget
            ref={widget}
            challenge={`${API_PREFIX}${FIRST_DOWNLOAD_ROUTES.captcha.path}`}
            language={language}
            name="captchaResponse"
            auto="onfocus"
            configuration={JSON.stringify({ hideFooter: true })}
          />
        ) : (
          <Skeleton height={58} radius="md" maw={320} />
        )}
      </div>
    </Input.Wrapper>
  );
}
