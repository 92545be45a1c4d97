import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/**
 * Secrets that must survive restarts (JWT signing key, message key) are generated once into
 * DATA_DIR/secrets.json when the environment does not provide them, readable only by the owner.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  return loadOrCreateSecrets(dataDir, [name], () => ({ [name]: randomBytes(bytes).toString('base64url') }))[name]!;
}

/** The Web Push (VAPID) key pair, made together once: a new pair would end every browser's subscription. */
export function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const keys = loadOrCreateSecrets(dataDir, ['vapidPublicKey', 'vapidPrivateKey'], () => {
    const made = webpush.generateVAPIDKeys();
    return { vapidPublicKey: made.publicKey, vapidPrivateKey: made.privateKey };
  });
  return { publicKey: keys.vapidPublicKey!, privateKey: keys.vapidPrivateKey! };
}

/** The named secrets, each made by `make` (all together) unless every one of them is stored already. */
function loadOrCreateSecrets(
  dataDir: string,
  names: string[],
  make: () => Record<string, string>,
): Record<string, string> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (names.every((n) => secrets[n])) return secrets;
  Object.assign(secrets, make());
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
