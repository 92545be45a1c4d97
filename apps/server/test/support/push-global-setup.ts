import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePushCertificate } from '@rounds/test-kit/push-certificate';

/**
 * Vitest global setup: the push-service stand-in's certificate, trusted by every test process through
 * NODE_EXTRA_CA_CERTS (read by Node at start, so set here, before the workers are forked).
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'rounds-push-ca-'));
  const { cert } = ensurePushCertificate(dir);
  process.env.NODE_EXTRA_CA_CERTS = cert;
  process.env.PUSH_STAND_IN_CERT_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
