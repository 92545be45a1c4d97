import { type S3Server, startS3 } from '@rounds/test-kit/s3';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test file's app with its files in a local S3 bucket (s3rver, a local S3 implementation), listening: started
 * in beforeAll and handed to `started`, closed after the file's tests, the bucket last.
 */
export function useS3App(started: (t: TestApp) => void): void {
  let s3: S3Server | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.env);
    await t.listen();
    started(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });
}
