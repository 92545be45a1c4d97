import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useResendVerifyEmail } from '../api/resend-verify-email';
import { useVerifyEmail } from '../api/verify-email';
import { followUpCodeError } from '../lib/code-errors';
import type { TConfirmState } from '../lib/confirm-state';
import { startSession } from '../lib/start-session';
import { ChangeEmailModal } from './change-email-modal';
import { CodeStep } from './code-step';

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
  const [changing, setChanging] = useState(false);
  const [sentAt, setSentAt] = useState<number>();

  const onVerify = async (code: string) => {
    try {
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
      return true;
    } catch (error) {
      followUpCodeError(error, onToLogin);
      return false;
    }
  };

  const onResend = async () => {
    try {
      const reply = await resend.mutateAsync({ email: state.email || undefined, tempToken: state.tempToken });
      showToast(reply.message || t('confirm.codeSent'), 'success');
      return true;
    } catch (error) {
      followUpCodeError(error, onToLogin);
      return false;
    }
  };

  return (
    <>
      <CodeStep
        codeLabel={t('confirm.emailCodeLabel')}
        changeLabel={t('confirm.changeEmail')}
        onChange={() => setChanging(true)}
        onVerify={onVerify}
        onResend={onResend}
        verifying={verify.isPending}
        resending={resend.isPending}
        sentAt={sentAt}
      />
      {changing && (
        <ChangeEmailModal
          opened
          onClose={() => setChanging(false)}
          tempToken={state.tempToken}
          current={state.email}
          onChanged={(email) => {
            onStateChange({ ...state, email });
            setSentAt(Date.now());
          }}
        />
      )}
    </>
  );
}
