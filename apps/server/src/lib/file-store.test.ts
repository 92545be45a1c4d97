import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileStore } from './file-store';

const dir = mkdtempSync(join(tmpdir(), 'rounds-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = localFileStore(dir, randomBytes(32).toString('base64'));
const key = () => randomBytes(16).toString('hex');

describe('local file store', () => {
  it('stores a stream encrypted and gives it back', async () => {
    const name = key();
    const body = 'wound photo bytes '.repeat(50_000);
    expect(await store.put(name, Readable.from([Buffer.from(body)]))).toBe(body.length);
    const onDisk = readFileSync(join(dir, name.slice(0, 2), name));
    expect(onDisk.includes(Buffer.from('wound photo'))).toBe(false);
    expect(await text((await store.get(name))!)).toBe(body);
    expect(readdirSync(join(dir, name.slice(0, 2)))).toEqual([name]);
  });

  it('refuses a tampered file, answers null for a missing one, and removes', async () => {
    const name = key();
    await store.put(name, Readable.from([Buffer.from('hello')]));
    const path = join(dir, name.slice(0, 2), name);
    const bytes = readFileSync(path);
    bytes[14]! ^= 1;
    writeFileSync(path, bytes);
    await expect(text((await store.get(name))!)).rejects.toThrow();
    expect(await store.get(key())).toBeNull();
    await store.remove(name);
    expect(await store.get(name)).toBeNull();
  });
});
