import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator for server tests (issue 26): what a phone or a laptop's platform
 * authenticator does in a WebAuthn ceremony, with node:crypto. It makes ES256 key pairs, answers
 * navigator.credentials.create with a `none` attestation (authenticatorData with the RP ID hash, flags,
 * counter and the COSE public key, in CBOR) and navigator.credentials.get with a signed assertion, and returns
 * both in the JSON form the browser package sends. It speaks the real protocol; the server checks it with
 * @simplewebauthn/server like any authenticator. Knobs let a test act as a faulty or hostile client: another
 * origin, a counter set back, no user verification.
 */
type Credential = { id: Buffer; key: KeyObject; userHandle: string; counter: number };

export type CreationOptions = {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  excludeCredentials?: { id: string }[];
};
export type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** The smallest CBOR encoder a `none` attestation needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

/** The credential's public key as COSE_Key: EC2, ES256, P-256, x and y. */
function coseKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  return cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export class PasskeyAuthenticator {
  private readonly credentials: Credential[] = [];

  /** origin: where the browser is (the server's PUBLIC_URL); each call may claim another. */
  constructor(private readonly origin: string) {}

  /** The credential ids this authenticator holds (base64url). */
  get ids(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  /** Sets a credential's counter (a cloned authenticator, or one replaying an old assertion). */
  setCounter(id: string, counter: number): void {
    this.find(id).counter = counter;
  }

  /** navigator.credentials.create: a new discoverable ES256 credential with a `none` attestation. */
  register(options: CreationOptions, o: { origin?: string; userVerified?: boolean } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const credential: Credential = { id, key: privateKey, userHandle: options.user.id, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(publicKey)]);
    const flags = FLAG_UP | FLAG_AT | (o.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(rpId, flags, credential.counter, attested);
    const clientData = this.clientData('webauthn.create', options.challenge, o.origin);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * navigator.credentials.get: an assertion by the first allowed credential held (or `credentialId`, or the
   * newest for a discoverable request), its counter moved on by one.
   */
  authenticate(
    options: RequestOptions,
    o: { origin?: string; credentialId?: string; userVerified?: boolean; rpId?: string } = {},
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = o.credentialId
      ? this.find(o.credentialId)
      : allowed
        ? this.credentials.find((c) => allowed.includes(b64url(c.id)))
        : this.credentials.at(-1);
    if (!credential) throw new Error('no credential for this request');
    credential.counter += 1;
    const rpId = o.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const flags = FLAG_UP | (o.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(rpId, flags, credential.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, o.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private find(id: string): Credential {
    const credential = this.credentials.find((c) => b64url(c.id) === id);
    if (!credential) throw new Error(`no credential ${id}`);
    return credential;
  }
}
