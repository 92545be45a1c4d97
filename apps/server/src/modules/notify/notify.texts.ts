import type { TLanguage } from '@rounds/contracts/common';

/** Email and SMS texts: the product name and the code or link, never message content. */
export type NotifyTemplate =
  | 'verify-email'
  | 'verify-phone'
  | 'reset-password'
  | 'update-phone'
  | 'update-email'
  | 'priority-important'
  | 'priority-urgent'
  | 'priority-reminder';

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
  // Priority messages: who sent it and the link, never the text (an SMS is not a secure channel).
  'priority-important': {
    en: { subject: '', text: 'Rounds: {sender} sent you an important message. Open it: {link}' },
    fr: { subject: '', text: 'Rounds : {sender} vous a envoyé un message important. Ouvrez-le : {link}' },
  },
  'priority-urgent': {
    en: { subject: '', text: 'Rounds: {sender} sent you an URGENT message. Open it: {link}' },
    fr: { subject: '', text: 'Rounds : {sender} vous a envoyé un message URGENT. Ouvrez-le : {link}' },
  },
  'priority-reminder': {
    en: {
      subject: '',
      text: 'Rounds: reminder, the URGENT message from {sender} still needs your acknowledgement: {link}',
    },
    fr: {
      subject: '',
      text: 'Rounds : rappel, le message URGENT de {sender} attend toujours votre accusé de réception : {link}',
    },
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
