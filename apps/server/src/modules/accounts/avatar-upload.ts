import { LIMITS } from '@rounds/contracts/limits';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { sniffImageType } from '../../lib/image-type';
import { readFileForm } from '../../lib/multipart-form';

/**
 * The avatar upload form, for one's own account (POST /setting/upload-avatar) and an administrator's
 * (POST /user/upload-avatar, with `id`): png, gif or jpeg decided by the bytes, at most LIMITS.avatarMaxBytes.
 */
export async function readAvatarForm(req: FastifyRequest) {
  const { file, fields } = await readFileForm(req, {
    maxBytes: LIMITS.avatarMaxBytes,
    tooLarge: new AppError(413, 'FILE_TOO_LARGE', 'avatarTooLarge'),
  });
  const type = sniffImageType(file.bytes.subarray(0, 16));
  if (!type) {
    throw new AppError(415, 'UNSUPPORTED_FILE', 'avatarFormats');
  }
  return { bytes: file.bytes, type, fields };
}
