import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { selfSignedCertificate } from './certificate';

/**
 * The push-service stand-in's certificate for 127.0.0.1, made with openssl into `dir` if it is not there yet.
 * The server trusts it only through NODE_EXTRA_CA_CERTS=<dir>/cert.pem, which Node reads when a process
 * starts: the server tests' global setup and bench/push set it before starting theirs.
 */
export function ensurePushCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (existsSync(cert) && existsSync(key)) return { cert, key };
  mkdirSync(dir, { recursive: true });
  return selfSignedCertificate(dir, 'push stand-in', 'IP:127.0.0.1');
}
