import { randomBytes } from 'node:crypto';

export type FilePart = { name?: string; filename: string; type: string; bytes: Buffer };
/** A plain text field of the form (e.g. the user id beside an admin's avatar upload). */
export type FieldPart = { name: string; value: string };
export type Part = FilePart | FieldPart;

/** A multipart/form-data body with the given file and text parts, for inject(). */
export function multipart(parts: Part[]) {
  const boundary = `----rounds${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...parts.flatMap((p) =>
      'value' in p
        ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)]
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'files'}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
            ),
            p.bytes,
            Buffer.from('\r\n'),
          ],
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
