import type { TCallingCode } from '@rounds/contracts/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useResendVerifyPhone } from '../api/resend-verify-phone';
import { useVerifyPhone } from '../api/verify-phone';
import { followUpCodeError } from '../lib/code-errors';
import type { TConfirmState } from '../lib/confirm-state';
import { ChangePhoneModal } from './change-phone-modal';
import { CodeStep } from './code-step';

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
  const [changing, setChanging] = useState(false);
  const [sentAt, setSentAt] = useState<number>();

  const onVerify = async (code: string) => {
    try {
      await verify.mutateAsync({ verifyToken: code, tempToken: state.tempToken });
      showToast(t('confirm.phoneVerified'), 'success');
      onDone();
      return true;
    } catch (error) {
      followUpCodeError(error, onToLogin);
      return false;
    }
  };

  const onResend = async () => {
    try {
      const reply = await resend.mutateAsync({ tempToken: state.tempToken });
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
        codeLabel={t('confirm.phoneCodeLabel')}
        changeLabel={t('confirm.changePhone')}
        onChange={() => setChanging(true)}
        onVerify={onVerify}
        onResend={onResend}
        verifying={verify.isPending}
        resending={resend.isPending}
        sentAt={sentAt}
      />
      {changing && (
        <ChangePhoneModal
          opened
          onClose={() => setChanging(false)}
          tempToken={state.tempToken}
          callingCodes={callingCodes}
          current={{
            phone: state.phone ?? '',
            phoneCountryCode: state.phoneCountryCode ?? '+1',
            phoneCountryName: state.phoneCountryName ?? 'United States',
          }}
          onChanged={(phone) => {
            onStateChange({ ...state, ...phone });
            setSentAt(Date.now());
          }}
        />
      )}
    </>
  );
}
