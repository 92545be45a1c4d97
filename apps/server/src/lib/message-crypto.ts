import { createCipheriv, createDecipheriv, createSecretKey } from 'node:crypto';
import { randomPooled } from './random-pool';

/**
 * Message bodies at rest: AES-256-GCM with a fresh 96-bit IV per value, stored as base64url(iv | tag | data).
 * The key comes from MESSAGE_KEY (or DATA_DIR/secrets.json); a database dump alone reveals no message text.
 */
export type MessageCrypto = { seal: (plain: string) => string; open: (sealed: string) => string };

export function createMessageCrypto(key: string): MessageCrypto {
  const raw = Buffer.from(key, 'base64');
  if (raw.length !== 32) throw new Error('MESSAGE_KEY must be 32 bytes');
  // Imported once: a page of history opens a hundred bodies, and importing the key each time doubled the cost.
  const secret = createSecretKey(raw);
  return {
    seal: (plain) => {
      const iv = randomPooled(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open: (sealed) => {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
