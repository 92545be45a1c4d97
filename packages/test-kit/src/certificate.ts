import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A self-signed P-256 certificate made now by openssl into `dir` (cert.pem, key.pem), valid two days: what a
 * loopback stand-in presents over TLS. `altNames` as openssl writes them: 'IP:127.0.0.1,DNS:localhost'.
 */
export function selfSignedCertificate(
  dir: string,
  commonName: string,
  altNames: string,
): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      `subjectAltName=${altNames}`,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
