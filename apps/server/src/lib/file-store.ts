import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomPooled } from './random-pool';

/**
 * Where chat files live: one interface, local disk under DATA_DIR by default (encrypted at rest like message
 * bodies), or an S3-compatible store. Files go through as streams, never whole in memory.
 */
export type FileStore = {
  /** Stores the stream under key; resolves with the number of bytes stored. */
  put: (key: string, source: Readable) => Promise<number>;
  /** The file as a stream, or null when there is none. */
  get: (key: string) => Promise<Readable | null>;
  remove: (key: string) => Promise<void>;
};

const IV = 12;
const TAG = 16;

/** Local disk: each file is iv | AES-256-GCM ciphertext | tag, written to a temporary name and renamed. */
export function localFileStore(dir: string, messageKey: string): FileStore {
  const key: KeyObject = createSecretKey(Buffer.from(messageKey, 'base64'));
  const pathOf = (name: string) => join(dir, name.slice(0, 2), name);
  return {
    put: async (name, source) => {
      const path = pathOf(name);
      await mkdir(join(dir, name.slice(0, 2)), { recursive: true, mode: 0o700 });
      const iv = randomPooled(IV);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      const out = createWriteStream(`${path}.part`, { flags: 'w', mode: 0o600 });
      out.write(iv);
      try {
        await pipeline(source, count, cipher, out, { end: false });
        await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).on('error', reject));
        await rename(`${path}.part`, path);
      } catch (err) {
        out.destroy();
        await rm(`${path}.part`, { force: true });
        throw err;
      }
      return bytes;
    },
    get: async (name) => {
      const path = pathOf(name);
      const info = await stat(path).catch(() => null);
      if (!info || info.size < IV + TAG) return null;
      const handle = await open(path, 'r');
      const head = Buffer.alloc(IV);
      const tag = Buffer.alloc(TAG);
      try {
        await handle.read(head, 0, IV, 0);
        await handle.read(tag, 0, TAG, info.size - TAG);
      } finally {
        await handle.close();
      }
      const decipher = createDecipheriv('aes-256-gcm', key, head);
      decipher.setAuthTag(tag);
      const out = new PassThrough();
      pipeline(createReadStream(path, { start: IV, end: info.size - TAG - 1 }), decipher, out).catch((err) =>
        out.destroy(err),
      );
      return out;
    },
    remove: async (name) => {
      await rm(pathOf(name), { force: true });
    },
  };
}

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/**
 * Any S3-compatible store (AWS, MinIO, Ceph…). Uploads stream in parts; encryption at rest is the store's
 * (server-side encryption), transport is TLS. The SDK is loaded only when S3 is configured.
 */
export async function s3FileStore(o: S3Options): Promise<FileStore> {
  const { S3Client, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle ?? Boolean(o.endpoint),
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
  });
  return {
    put: async (key, source) => {
      let bytes = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      source.on('error', (err) => count.destroy(err));
      await new Upload({ client, params: { Bucket: o.bucket, Key: key, Body: source.pipe(count) } }).done();
      return bytes;
    },
    get: async (key) => {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
