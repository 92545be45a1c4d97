import type { FastifyRequest } from 'fastify';
import { type AppError, invalidField } from './errors';

export type FormFile = { bytes: Buffer; filename: string; mimetype: string };

/**
 * One multipart form with a single file (`file`) and a few text fields, in whichever order the client put
 * them: the file read into memory up to `maxBytes` (over it: `tooLarge`), the fields as strings. No file:
 * 400 'file: Required'.
 */
export async function readFileForm(
  req: FastifyRequest,
  o: { maxBytes: number; tooLarge: AppError },
): Promise<{ file: FormFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw invalidField('file', 'Required');
  let file: FormFile | null = null;
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fileSize: o.maxBytes, files: 1, fields: 10 } })) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw o.tooLarge;
      }
      if (part.fieldname === 'file') file = { bytes, filename: part.filename, mimetype: part.mimetype };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw invalidField('file', 'Required');
  return { file, fields };
}
