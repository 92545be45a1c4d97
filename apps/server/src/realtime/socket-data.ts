import type { TLanguage } from '@rounds/contracts/common';

/**
 * What a connected socket carries (socket.data), in a module of its own: the server, the handler and the
 * authority share it without importing each other.
 */
export type SocketData = {
  userId: string;
  role: string;
  sessionId: string;
  /** The per-tab uuid the client sent in the handshake. */
  tabId: string;
  /** When the access token the socket last presented expires (epoch ms). */
  expiresAt: number;
  /** The user's language, for refusals; refreshed by every session check. */
  language: TLanguage;
  /** Whether the tab is in front of its user (TabVisibility); a push goes to users with no visible tab. */
  visible: boolean;
};
