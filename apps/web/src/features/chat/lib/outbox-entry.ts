import type { PRIORITY_LEVELS } from '@rounds/contracts/chat';

type TPriorityLevel = (typeof PRIORITY_LEVELS)[number];

/**
 * A message this user has sent that the server has not yet acknowledged (ARCHITECTURE.md, delivery model):
 * shown at once, retried with the same clientId after a reconnect, replaced by the stored message.
 * error: the server refused it (ok: false); the text is shown on the bubble until the user retries or discards.
 */
export type TOutboxEntry = {
  clientId: string;
  twId: string;
  userId: string;
  body: string;
  createdAt: number;
  error: string | null;
  /** Keys of uploaded images sent with it (the tray's previews are gone; the bubble counts them). */
  files?: string[];
  voice?: { key: string; duration: number };
  level?: TPriorityLevel;
  notify?: string[];
  sms?: boolean;
  /**
   * Refused because nobody holds the room's role (ROLE_UNHELD): the role's escalation target, offered as
   * "Send to {target}", and once the user chose it, the send's confirmation (toEscalationTarget).
   */
  fallsTo?: string;
  toEscalationTarget?: boolean;
};

/** What goes with the text: images, a voice note, priority (the importance dialog). */
export type TSendExtras = Pick<TOutboxEntry, 'files' | 'voice' | 'level' | 'notify' | 'sms'>;
