import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types; it is a test double of an S3 endpoint, not our code.
import S3rver from 's3rver';
import { freePort } from './server-process';

export type S3Server = {
  /** The server's S3 variables for this endpoint and bucket. */
  env: Record<string, string>;
  /** Files s3rver keeps for the bucket's objects (each object is stored as a few files). */
  files: () => string[];
  stop: () => Promise<void>;
};

/** s3rver (a local S3 implementation) on a random loopback port with one bucket: every multi-process test's file store. */
export async function startS3(bucket = 'rounds-files'): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'rounds-s3-'));
  const port = await freePort();
  const s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  await (s3 as { run: () => Promise<unknown> }).run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    files: () => readdirSync(join(dir, bucket), { recursive: true }).map(String),
    stop: async () => {
      await (s3 as { close: () => Promise<void> }).close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
