import { Anchor, Divider, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TMfaLoginReply, TTotpEnrolment } from '@rounds/contracts/mfa';
import { IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useConfirmSignInEnrolment } from '../api/confirm-sign-in-enrolment';
import { useEnrolPasskeyAtSignIn } from '../api/enrol-passkey-at-sign-in';
import { useStartSignInEnrolment } from '../api/start-sign-in-enrolment';
import { useVerifyMfa } from '../api/verify-mfa';
import { useVerifyMfaPasskey } from '../api/verify-mfa-passkey';
import { passkeyLabel, passkeysSupported } from '../lib/passkey-ceremony';
import { refusalOf } from '../lib/refusal';
import { PasskeyButton } from './passkey-button';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetupFields, useTotpSetup } from './totp-setup-fields';
import '../mfa-texts';

/**
 * What the password step left: a code to type (or, when the account has one, a passkey to use), or an
 * authenticator to set up first, and its challenge token.
 */
export type TSecondFactorChallenge = { kind: 'code' | 'enrol'; mfaToken: string; passkey?: boolean };

type TProps = {
  challenge: TSecondFactorChallenge;
  /** The session the second step opened (app/ starts it: features do not import each other). */
  onSignedIn: (reply: TMfaLoginReply) => void;
  onBack: () => void;
};

function CodeForm({ challenge, onSignedIn }: Omit<TProps, 'onBack'>) {
  const { t } = useTranslation('mfa');
  const verify = useVerifyMfa();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) return;
    verify.mutate({ mfaToken: challenge.mfaToken, code: code.trim() }, { onSuccess: onSignedIn });
  };
  const refusal = verify.isError ? refusalOf(verify.error) : null;
  const withPasskey = challenge.passkey === true && passkeysSupported();
  return (
    <form onSubmit={submit} noValidate aria-label={t('codeTitle')}>
      <Stack gap="md">
        {withPasskey && <PasskeyAnswer challenge={challenge} onSignedIn={onSignedIn} />}
        <Text fz="sm">{t(withPasskey ? 'codeIntroPasskey' : 'codeIntro')}</Text>
        <TextInput
          label={t('codeLabel')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            verify.reset();
          }}
          inputMode="text"
          autoComplete="one-time-code"
          maxLength={32}
          description={t('codeHint')}
          error={refusal !== null}
          autoFocus
        />
        {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
        <SubmitButton loading={verify.isPending} leftSection={<IconShieldCheck size={18} />}>
          {t('verify')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The account's passkey instead of a code: the device asks its unlock, and the session opens. */
function PasskeyAnswer({ challenge, onSignedIn }: Omit<TProps, 'onBack'>) {
  const { t } = useTranslation('mfa');
  const verify = useVerifyMfaPasskey();
  return (
    <>
      <PasskeyButton
        label={t('passkeyUse')}
        ceremony={verify}
        onClick={() => verify.mutate(challenge.mfaToken, { onSuccess: onSignedIn })}
      />
      <Divider label={t('orCode')} labelPosition="center" />
    </>
  );
}

/** A passkey instead of an authenticator app: this device becomes the second factor. */
function EnrolPasskey({ mfaToken, onEnrolled }: { mfaToken: string; onEnrolled: (reply: TMfaLoginReply) => void }) {
  const { t } = useTranslation('mfa');
  const enrol = useEnrolPasskeyAtSignIn();
  return (
    <>
      <Text fz="sm">{t('enrolPasskeyIntro')}</Text>
      <PasskeyButton
        label={t('enrolPasskey')}
        variant="light"
        ceremony={enrol}
        onClick={() => enrol.mutate({ mfaToken, label: passkeyLabel(t) }, { onSuccess: onEnrolled })}
      />
      <Divider label={t('orApp')} labelPosition="center" />
    </>
  );
}

function EnrolForm({ challenge, onSignedIn }: Omit<TProps, 'onBack'>) {
  const { t } = useTranslation('mfa');
  const start = useStartSignInEnrolment();
  const confirm = useConfirmSignInEnrolment();
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const setup = useTotpSetup();
  const [done, setDone] = useState<TMfaLoginReply | null>(null);
  const { mutate: startEnrolment } = start;

  useEffect(() => {
    startEnrolment(challenge.mfaToken, { onSuccess: (reply) => setEnrolment(reply.data) });
  }, [startEnrolment, challenge.mfaToken]);

  if (done) return <RecoveryCodes codes={done.recoveryCodes ?? []} onDone={() => onSignedIn(done)} />;
  if (start.isError) return <ErrorAlert>{refusalOf(start.error)}</ErrorAlert>;
  if (!enrolment) return <Loader size="sm" mx="auto" />;
  const withPasskey = passkeysSupported();
  const afterEnrolment = (reply: TMfaLoginReply) => (reply.recoveryCodes?.length ? setDone(reply) : onSignedIn(reply));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!setup.ready) return;
    confirm.mutate(
      { mfaToken: challenge.mfaToken, factorId: enrolment.factorId, ...setup.answer },
      { onSuccess: afterEnrolment },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('enrolTitle')}>
      <Stack gap="md">
        {withPasskey && <EnrolPasskey mfaToken={challenge.mfaToken} onEnrolled={afterEnrolment} />}
        <Text fz="sm">{t(withPasskey ? 'enrolIntroApp' : 'enrolIntro')}</Text>
        <TotpSetupFields enrolment={enrolment} setup={setup} confirm={confirm} />
        <SubmitButton loading={confirm.isPending} leftSection={<IconShieldCheck size={18} />}>
          {t('confirm')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

/**
 * The second step of signing in (issue 26), in the login card: the authenticator's code (or a recovery code),
 * or, when the hospital requires a factor the account does not have, setting one up and keeping the recovery
 * codes. Loaded on demand, so the login page's first download stays as it was.
 */
export default function SecondFactorStep({ challenge, onSignedIn, onBack }: TProps) {
  const { t } = useTranslation('mfa');
  return (
    <Stack gap="md">
      <Title order={2} fz="h3" ta="center">
        {challenge.kind === 'code' ? t('codeTitle') : t('enrolTitle')}
      </Title>
      {challenge.kind === 'code' ? (
        <CodeForm challenge={challenge} onSignedIn={onSignedIn} />
      ) : (
        <EnrolForm challenge={challenge} onSignedIn={onSignedIn} />
      )}
      <Anchor component="button" type="button" fz="sm" onClick={onBack} mx="auto">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('back')}
      </Anchor>
    </Stack>
  );
}
