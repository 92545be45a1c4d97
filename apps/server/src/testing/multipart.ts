import { randomBytes } from 'node:crypto';

export type Part = { name?: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body with the given file parts, for inject(). */
export function multipart(parts: Part[]) {
  const boundary = `----rounds${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'files'}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
