import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets that must survive restarts (JWT signing key, message key) are generated once into
 * DATA_DIR/secrets.json when the environment does not provide them, readable only by the owner.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const existing = secrets[name];
  if (existing) return existing;
  secrets[name] = randomBytes(bytes).toString('base64url');
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets[name];
}
