import type { TLanguage } from '@rounds/contracts/common';

/** Email and SMS texts: the product name and the code or link, never message content. */
export type NotifyTemplate = 'verify-email' | 'verify-phone' | 'reset-password' | 'update-phone' | 'update-email';

const T: Record<NotifyTemplate, Record<TLanguage, { subject: string; text: string }>> = {
  'verify-email': {
    en: {
      subject: 'Your Rounds verification code',
      text: 'Your Rounds verification code is {code}. It is valid for 10 minutes.',
    },
    fr: {
      subject: 'Votre code de vérification Rounds',
      text: 'Votre code de vérification Rounds est {code}. Il est valable 10 minutes.',
    },
  },
  'update-email': {
    en: {
      subject: 'Confirm your new Rounds email',
      text: 'Your Rounds verification code is {code}. It is valid for 10 minutes.',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse Rounds',
      text: 'Votre code de vérification Rounds est {code}. Il est valable 10 minutes.',
    },
  },
  'verify-phone': {
    en: { subject: '', text: 'Rounds: your verification code is {code}' },
    fr: { subject: '', text: 'Rounds : votre code de vérification est {code}' },
  },
  'update-phone': {
    en: { subject: '', text: 'Rounds: your verification code is {code}' },
    fr: { subject: '', text: 'Rounds : votre code de vérification est {code}' },
  },
  'reset-password': {
    en: {
      subject: 'Reset your Rounds password',
      text: 'Your Rounds password reset code is {code}. It is valid for 30 minutes. If you did not ask for it, ignore this email.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe Rounds',
      text: "Votre code de réinitialisation Rounds est {code}. Il est valable 30 minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
    },
  },
};

export function renderNotify(template: NotifyTemplate, lang: TLanguage, vars: Record<string, string>) {
  const t = T[template][lang];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
  return { subject: fill(t.subject), text: fill(t.text) };
}
