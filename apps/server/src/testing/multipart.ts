import { randomBytes } from 'node:crypto';

export type Part = { name?: string; filename: string; type: string; bytes: Buffer };
/** A plain form field (no file name), e.g. the logo's `key`. */
export type FieldPart = { name: string; value: string };

/** A multipart/form-data body with the given file parts and fields, for inject(). */
export function multipart(parts: (Part | FieldPart)[]) {
  const boundary = `----rounds${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        'value' in p
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'files'}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      'value' in p ? Buffer.from(p.value) : p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
