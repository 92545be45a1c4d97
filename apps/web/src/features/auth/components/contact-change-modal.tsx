import type { TCallingCode } from '@rounds/contracts/settings';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '../../../components/email-field';
import { FormActions } from '../../../components/form-actions';
import { FormModal } from '../../../components/form-modal';
import { MODAL_STYLES } from '../../../components/modal-styles';
import { PhoneField, type TPhoneValue } from '../../../components/phone-field';
import { showToast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-form';
import { useChangeEmail } from '../api/change-email';
import { useChangePhone } from '../api/change-phone';
import { validateNewEmail, validatePhone } from '../lib/forms';

type TContactChangeModalProps<T> = {
  title: string;
  initial: T;
  /** An error key for the field, or undefined. */
  validate: (value: T) => string | undefined;
  /** Sends the new value (a new code goes to it); resolves with the server's message. */
  send: (value: T) => Promise<string | undefined>;
  sending: boolean;
  onClose: () => void;
  /** The field, given its value, a setter that clears the error, and the translated error. */
  field: (value: T, change: (next: T) => void, error: string | undefined) => ReactNode;
};

/** A confirm step's "wrong address or number?" modal: the new value, Cancel and Send code. */
function ContactChangeModal<T>({
  title,
  initial,
  validate,
  send,
  sending,
  onClose,
  field,
}: TContactChangeModalProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    // A failure is already shown by the API client's toast; the modal stays open for another try.
    send(value).then(
      (message) => {
        showToast(message || t('confirm.codeSent'), 'success');
        onClose();
      },
      () => undefined,
    );
  };

  const change = (next: T) => {
    setValue(next);
    setError(undefined);
  };

  return (
    <FormModal opened onClose={onClose} title={title} centered radius="lg" styles={MODAL_STYLES} onSubmit={submit}>
      {field(value, change, errorText(error))}
      <FormActions cancelLabel={t('common.cancel')} onCancel={onClose} loading={sending}>
        {t('confirm.sendCode')}
      </FormActions>
    </FormModal>
  );
}

type TChangeProps<T> = { onClose: () => void; tempToken: string; current: T; onChanged: (value: T) => void };

/** The email step's modal: POST /auth/change-email sends a new code to the new address. */
export function ChangeEmailModal({ onClose, tempToken, current, onChanged }: TChangeProps<string>) {
  const { t } = useTranslation();
  const mutation = useChangeEmail();
  return (
    <ContactChangeModal
      title={t('confirm.changeEmailTitle')}
      initial={current}
      validate={validateNewEmail}
      send={async (email) => {
        const next = email.trim().toLowerCase();
        const reply = await mutation.mutateAsync({ email: next, tempToken });
        onChanged(next);
        return reply.message;
      }}
      sending={mutation.isPending}
      onClose={onClose}
      field={(email, change, error) => (
        <EmailField
          label={t('confirm.newEmail')}
          autoComplete="email"
          value={email}
          onChange={change}
          error={error}
          data-autofocus
        />
      )}
    />
  );
}

/** The SMS step's modal: POST /auth/change-phone sends a new code to the new number. */
export function ChangePhoneModal({
  callingCodes,
  onClose,
  tempToken,
  current,
  onChanged,
}: TChangeProps<TPhoneValue> & { callingCodes: readonly TCallingCode[] }) {
  const { t } = useTranslation();
  const mutation = useChangePhone();
  return (
    <ContactChangeModal
      title={t('confirm.changePhoneTitle')}
      initial={current}
      validate={(phone) => validatePhone(phone.phone)}
      send={async (phone) => {
        const reply = await mutation.mutateAsync({ ...phone, tempToken });
        onChanged(phone);
        return reply.message;
      }}
      sending={mutation.isPending}
      onClose={onClose}
      field={(phone, change, error) => (
        <PhoneField codes={callingCodes} value={phone} onChange={change} error={error} autoFocus />
      )}
    />
  );
}
