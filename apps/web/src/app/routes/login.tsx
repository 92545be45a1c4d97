import { Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TMfaLoginReply } from '@rounds/contracts/mfa';
import { ROUTES } from '@rounds/contracts/routes';
import { IconLock, IconMessages, IconPhoneCall } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LoginForm, type TVerificationNeeded } from '../../features/auth/components/login-form';
import { startSession } from '../../features/auth/lib/start-session';
import type { TSecondFactorChallenge } from '../../features/identity/components/second-factor-step';
import { useSelfRegistration } from '../../features/settings/api/get-self-registration';
import { useLogo } from '../../features/settings/hooks/use-logo';
import { usePageTitle } from '../../lib/use-page-title';
import { returnPath } from '../access';
import { AuthPanel } from '../layouts/auth-panel';

// Single sign-on in a chunk of its own, loaded with the page: the first download has a budget, and a server
// without SSO shows nothing of it.
const SsoSignIn = lazy(() =>
  import('../../features/identity/components/sso-sign-in').then((m) => ({ default: m.SsoSignIn })),
);
const SsoResult = lazy(() =>
  import('../../features/auth/components/sso-result').then((m) => ({ default: m.SsoResult })),
);
// The passkey button too: small, and the browser package it needs loads only when it is pressed.
const PasskeySignIn = lazy(() =>
  import('../../features/identity/components/passkey-sign-in').then((m) => ({ default: m.PasskeySignIn })),
);
// The second step of signing in loads when a password asks for it: the first download stays without zod.
const SecondFactorStep = lazy(() => import('../../features/identity/components/second-factor-step'));

function HeroPoint({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <ThemeIcon size={42} radius="md" variant="white" color="rounds" style={{ flex: 'none' }}>
        {icon}
      </ThemeIcon>
      <Text fz="sm" c="rgba(255,255,255,0.88)" maw={340}>
        {text}
      </Text>
    </Group>
  );
}

/** The front door (spec doc 1 section 2 "Login"). */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const selfRegistration = useSelfRegistration();
  const logo = useLogo('square');
  usePageTitle(t('pages.login'));

  // Back from the hospital's provider (single sign-on): the server's callback says how it went.
  const ssoResult = new URLSearchParams(location.search).get('sso');
  const signedIn = useCallback(
    () => navigate(returnPath(location.state), { replace: true }),
    [navigate, location.state],
  );
  const [challenge, setChallenge] = useState<(TSecondFactorChallenge & { remember: boolean }) | null>(null);
  // A sign-in that ended with a session (a second step, a passkey): the user's own look, then the app.
  const open = (reply: TMfaLoginReply, remember: boolean) => {
    if (!reply.token) return;
    startSession(reply.token, { ...reply.user, role: reply.role }, remember);
    signedIn();
  };

  const toConfirmation = (next: TVerificationNeeded) =>
    navigate(next.step === 'email' ? ROUTES.emailConfirm : ROUTES.mobileConfirm, { state: next });

  return (
    <div className="auth-page">
      <aside className="auth-hero" aria-hidden="true">
        <div className="auth-hero__rings" />
        <Stack gap="xs" maw={440}>
          <Text fw={700} fz={26} lh={1.2}>
            {t('app.name')}
          </Text>
          <Title order={2} fz={34} lh={1.15} fw={700} c="white">
            {t('auth.heroTitle')}
          </Title>
          <Text c="rgba(255,255,255,0.8)" fz="md" mt="xs">
            {t('auth.heroBody')}
          </Text>
        </Stack>
        <Stack gap="lg">
          <HeroPoint icon={<IconMessages size={22} />} text={t('auth.heroChat')} />
          <HeroPoint icon={<IconPhoneCall size={22} />} text={t('auth.heroCalls')} />
          <HeroPoint icon={<IconLock size={22} />} text={t('auth.heroSecure')} />
        </Stack>
      </aside>

      <AuthPanel>
        <Stack align="center" gap={6} mb="lg">
          <BrandLogo src={logo} height={56} withWordmark />
          <Title order={1} fz="h2" mt="sm">
            {t('auth.loginTitle')}
          </Title>
          <Text c="dimmed" fz="sm" ta="center">
            {t('auth.loginSubtitle')}
          </Text>
        </Stack>
        {challenge ? (
          <Suspense fallback={<Loader size="sm" mx="auto" />}>
            <SecondFactorStep
              challenge={challenge}
              onSignedIn={(reply) => open(reply, challenge.remember)}
              onBack={() => setChallenge(null)}
            />
          </Suspense>
        ) : (
          <>
            <Suspense fallback={null}>
              {ssoResult && <SsoResult result={ssoResult} onLoggedIn={signedIn} />}
              {ssoResult !== 'done' && <SsoSignIn />}
            </Suspense>
            {ssoResult !== 'done' && (
              <LoginForm
                canRegister={selfRegistration.data === true}
                onLoggedIn={signedIn}
                onVerificationNeeded={toConfirmation}
                onSecondFactor={setChallenge}
                alternatives={
                  <Suspense fallback={null}>
                    <PasskeySignIn onSignedIn={(reply) => open(reply, false)} />
                  </Suspense>
                }
              />
            )}
          </>
        )}
      </AuthPanel>
    </div>
  );
}
