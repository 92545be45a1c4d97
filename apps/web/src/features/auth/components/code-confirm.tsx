import type { TCallingCode } from '@rounds/contracts/settings';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useResendVerifyEmail } from '../api/resend-verify-email';
import { useResendVerifyPhone } from '../api/resend-verify-phone';
import { useVerifyEmail } from '../api/verify-email';
import { useVerifyPhone } from '../api/verify-phone';
import { followUpCodeError } from '../lib/code-errors';
import type { TConfirmState } from '../lib/confirm-state';
import { startSession } from '../lib/start-session';
import { CodeStep } from './code-step';
import { ChangeEmailModal, ChangePhoneModal } from './contact-change-modal';

type TCodeConfirmProps = {
  codeLabel: string;
  changeLabel: string;
  /** Checks the code and moves on; throws when it is refused. */
  verify: (code: string) => Promise<void>;
  /** Sends a new code; resolves with the server's message. */
  resend: () => Promise<string | undefined>;
  verifying: boolean;
  resending: boolean;
  onToLogin: () => void;
  /** The change modal, given how to close it and what to do once a code went to the new value. */
  changeModal: (close: () => void, sent: () => void) => ReactNode;
};

/**
 * A confirm screen's body (spec doc 1 section 2): the code, Resend, and the change modal; a refused code or a
 * token that ran out is followed up the same way on the email and the SMS step.
 */
function CodeConfirm({ verify, resend, onToLogin, changeModal, ...shown }: TCodeConfirmProps) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [sentAt, setSentAt] = useState<number>();

  const followedUp = async (action: () => Promise<void>) => {
    try {
      await action();
      return true;
    } catch (error) {
      followUpCodeError(error, onToLogin);
      return false;
    }
  };

  return (
    <>
      <CodeStep
        {...shown}
        onChange={() => setChanging(true)}
        onVerify={(code) => followedUp(() => verify(code))}
        onResend={() =>
          followedUp(async () => {
            const message = await resend();
            showToast(message || t('confirm.codeSent'), 'success');
          })
        }
        sentAt={sentAt}
      />
      {changing &&
        changeModal(
          () => setChanging(false),
          () => setSentAt(Date.now()),
        )}
    </>
  );
}

type TEmailConfirmProps = {
  state: TConfirmState;
  /** The address changed in the modal: the route keeps it in the history state. */
  onStateChange: (state: TConfirmState) => void;
  /** Email verified, phone still to do: the SMS code is already on its way. */
  onPhoneStep: (state: TConfirmState) => void;
  /** Verified and a session came back (phone verified earlier). */
  onSignedIn: () => void;
  onToLogin: () => void;
};

/** Email confirm (spec doc 1 section 2): the six-digit code from the email, then the SMS step or a session. */
export function EmailConfirm({ state, onStateChange, onPhoneStep, onSignedIn, onToLogin }: TEmailConfirmProps) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useResendVerifyEmail();
  return (
    <CodeConfirm
      codeLabel={t('confirm.emailCodeLabel')}
      changeLabel={t('confirm.changeEmail')}
      verify={async (code) => {
        const reply = await verify.mutateAsync({ verifyToken: code, tempToken: state.tempToken });
        if (!reply.phoneVerified) {
          showToast(t('confirm.emailVerifiedNext'), 'success');
          onPhoneStep({
            tempToken: reply.tempToken ?? state.tempToken,
            email: reply.user.email,
            phone: reply.user.unverifiedPhone ?? reply.user.phone ?? state.phone,
            phoneCountryCode:
              reply.user.unverifiedPhoneCountryCode ?? reply.user.phoneCountryCode ?? state.phoneCountryCode,
            phoneCountryName:
              reply.user.unverifiedPhoneCountryName ?? reply.user.phoneCountryName ?? state.phoneCountryName,
          });
        } else if (reply.token) {
          showToast(t('confirm.emailVerified'), 'success');
          startSession(reply.token, { ...reply.user, role: reply.role }, false);
          onSignedIn();
        } else {
          showToast(t('confirm.verifiedLogIn'), 'success');
          onToLogin();
        }
      }}
      resend={async () =>
        (await resend.mutateAsync({ email: state.email || undefined, tempToken: state.tempToken })).message
      }
      verifying={verify.isPending}
      resending={resend.isPending}
      onToLogin={onToLogin}
      changeModal={(close, sent) => (
        <ChangeEmailModal
          onClose={close}
          tempToken={state.tempToken}
          current={state.email}
          onChanged={(email) => {
            onStateChange({ ...state, email });
            sent();
          }}
        />
      )}
    />
  );
}

type TMobileConfirmProps = {
  state: TConfirmState;
  callingCodes: readonly TCallingCode[];
  onStateChange: (state: TConfirmState) => void;
  /** Verified: on to login (spec doc 1 section 4). */
  onDone: () => void;
  onToLogin: () => void;
};

/** Mobile confirm (spec doc 1 section 2): the six-digit SMS code; success leads to login. */
export function MobileConfirm({ state, callingCodes, onStateChange, onDone, onToLogin }: TMobileConfirmProps) {
  const { t } = useTranslation();
  const verify = useVerifyPhone();
  const resend = useResendVerifyPhone();
  return (
    <CodeConfirm
      codeLabel={t('confirm.phoneCodeLabel')}
      changeLabel={t('confirm.changePhone')}
      verify={async (code) => {
        await verify.mutateAsync({ verifyToken: code, tempToken: state.tempToken });
        showToast(t('confirm.phoneVerified'), 'success');
        onDone();
      }}
      resend={async () => (await resend.mutateAsync({ tempToken: state.tempToken })).message}
      verifying={verify.isPending}
      resending={resend.isPending}
      onToLogin={onToLogin}
      changeModal={(close, sent) => (
        <ChangePhoneModal
          onClose={close}
          tempToken={state.tempToken}
          callingCodes={callingCodes}
          current={{
            phone: state.phone ?? '',
            phoneCountryCode: state.phoneCountryCode ?? '+1',
            phoneCountryName: state.phoneCountryName ?? 'United States',
          }}
          onChanged={(phone) => {
            onStateChange({ ...state, ...phone });
            sent();
          }}
        />
      )}
    />
  );
}
