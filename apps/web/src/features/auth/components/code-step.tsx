import { Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { LIMITS } from '@rounds/contracts/limits';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button';
import { useCountdown } from '../hooks/use-countdown';
import { canResend, isCompleteCode } from '../lib/countdown';
import { BackToLoginButton } from './back-to-login-button';

const PIN_STYLES = {
  root: { width: '100%', justifyContent: 'center', flexWrap: 'nowrap' },
  pinInput: { flex: '1 1 0', minWidth: 0, maxWidth: 50 },
  input: { width: '100%' },
} as const;

type TCodeStepProps = {
  /** Accessible name of the code inputs, e.g. 'Email verification code'. */
  codeLabel: string;
  /** The link that opens the change-email or change-phone modal. */
  changeLabel: string;
  onChange: () => void;
  /** Resolves once the code is checked; false keeps the screen (wrong code), clearing the input. */
  onVerify: (code: string) => Promise<boolean>;
  /** Resolves once a new code is on its way (the countdown starts again), false if none was sent. */
  onResend: () => Promise<boolean>;
  verifying: boolean;
  resending: boolean;
  /** That channel is already verified: Resend stays off (spec doc 1 section 4). */
  verified?: boolean;
  /** Bumped by the parent when a code was sent another way (the change modal): restarts the countdown. */
  sentAt?: number;
};

/** Six-digit code, Next, Resend with its 10-second countdown (spec doc 1 section 2 "Confirm screens"). */
export function CodeStep(props: TCodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { remaining, restart } = useCountdown(LIMITS.resendCountdownSeconds);
  const [lastSentAt, setLastSentAt] = useState(props.sentAt);
  if (props.sentAt !== lastSentAt) {
    setLastSentAt(props.sentAt);
    setCode('');
    restart();
  }

  const complete = isCompleteCode(code, LIMITS.verificationCodeLength);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || props.verifying) return;
    const ok = await props.onVerify(code);
    if (!ok) setCode('');
  };
  const resend = async () => {
    if (await props.onResend()) {
      setCode('');
      restart();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Center>
          <PinInput
            length={LIMITS.verificationCodeLength}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size="lg"
            gap={8}
            // Fluid boxes: six at 50 px overflowed a phone's card (issue 28); they shrink to what the card has.
            styles={PIN_STYLES}
            value={code}
            onChange={setCode}
            ariaLabel={props.codeLabel}
            autoFocus
            disabled={props.verifying}
          />
        </Center>
        <SubmitButton
          disabled={!complete}
          loading={props.verifying}
          rightSection={<IconArrowRight size={18} stroke={1.8} />}
        >
          {t('confirm.next')}
        </SubmitButton>
        <Group justify="center" gap={6} wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('confirm.noCode')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={resend}
            disabled={!canResend(remaining, props.verified ?? false)}
            loading={props.resending}
            leftSection={<IconRefresh size={15} stroke={1.8} />}
          >
            {remaining > 0 ? t('confirm.resendIn', { count: remaining }) : t('confirm.resend')}
          </Button>
        </Group>
        <Center>
          <Anchor component="button" type="button" fz="sm" fw={500} onClick={props.onChange}>
            {props.changeLabel}
          </Anchor>
        </Center>
        <BackToLoginButton />
      </Stack>
    </form>
  );
}
