import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { TUploadedFile } from '@rounds/contracts/chat-files';
import { LIMITS } from '@rounds/contracts/limits';
import { hasControlCharacters } from '@rounds/contracts/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError, invalidField, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { sniffAudio, sniffChatImage } from '../../lib/file-type';
import * as uploads from './uploads.store';

const HEAD = 4096;
const DAY = 24 * 60 * 60 * 1000;
/** Types sharp can read: the rest (icons, bitmaps, SVG) are shown as they are. */
const THUMBNAILED = new Set(['image/jpeg', 'image/png', 'image/apng', 'image/gif']);

const tooLarge = (name: string) => new AppError(413, 'FILE_TOO_LARGE', 'fileTooLarge', {}, { file: name });
const totalTooLarge = () => new AppError(413, 'FILES_TOO_LARGE', 'filesTooLarge');
const unsupported = () => new AppError(415, 'UNSUPPORTED_FILE', 'unsupportedFile');
const tooMany = () => new AppError(400, 'TOO_MANY_FILES', 'tooManyFiles');

/**
 * Holds back the first 4 KB to decide the type from the bytes, then lets everything through, counting.
 * Fails the stream when the type is not allowed or the running total passes the limit.
 */
function sniffing(detect: (head: Buffer) => string | null, onBytes: (n: number) => AppError | null) {
  let head: Buffer[] = [];
  let held = 0;
  let type: string | null = null;
  const decide = (stream: Transform) => {
    const first = Buffer.concat(head);
    type = detect(first);
    head = [];
    if (!type) return unsupported();
    stream.push(first);
    return null;
  };
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const problem = onBytes(chunk.length);
      if (problem) return done(problem);
      if (type) return done(null, chunk);
      head.push(chunk);
      held += chunk.length;
      if (held < HEAD) return done();
      done(decide(this));
    },
    flush(done) {
      if (type) return done();
      if (held === 0) return done(unsupported());
      done(decide(this));
    },
  });
  return { stream: transform, type: () => type };
}

export type UploadsDeps = { db: Db; files: FileStore; log: FastifyBaseLogger };

export function createUploadsService({ db, files: store, log }: UploadsDeps) {
  const newKey = () => randomBytes(16).toString('hex');

  const save = async (file: MultipartFile, kind: 'image' | 'voice', total: { bytes: number }) => {
    // A file name is shown to others: no control characters or lone surrogates (issue 14), as in every text.
    if (hasControlCharacters(file.filename)) throw invalidField('filename', 'control_characters');
    const key = newKey();
    const sniff = sniffing(kind === 'image' ? sniffChatImage : sniffAudio, (n) => {
      total.bytes += n;
      return total.bytes > LIMITS.chatFilesTotalMaxBytes ? totalTooLarge() : null;
    });
    try {
      const [, size] = await Promise.all([pipeline(file.file, sniff.stream), store.put(key, sniff.stream)]);
      // Past the size limit the parser ends the stream early rather than failing it: never keep a cut file.
      if (file.file.truncated) throw tooLarge(file.filename);
      return { key, name: file.filename.slice(0, 255) || 'file', type: sniff.type()!, size };
    } catch (err) {
      await store.remove(key).catch(() => undefined);
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || file.file.truncated) {
        throw tooLarge(file.filename);
      }
      throw err;
    }
  };

  const record = async (userId: string, kind: 'image' | 'voice', files: Awaited<ReturnType<typeof save>>[]) => {
    const now = Date.now();
    await uploads.insertUploads(
      db,
      files.map((f) => ({
        key: f.key,
        uploader_id: userId,
        kind,
        name: f.name,
        type: f.type,
        size: f.size,
        room_id: null,
        message_id: null,
        thumb_key: null,
        created_at: now,
      })),
    );
    return files.map((f): TUploadedFile => ({ Key: f.key, name: f.name, type: f.type, size: f.size }));
  };

  /** The upload if this user may read it (uploads.store readableUpload). */
  const readable = async (userId: string, key: string) => {
    const row = await uploads.readableUpload(db, userId, key, Date.now());
    if (!row) throw notFound('fileNotFound');
    return row;
  };

  return {
    /** All or nothing: one bad file and none of the request's files is kept. */
    uploadImages: async (userId: string, parts: AsyncIterableIterator<MultipartFile>) => {
      const saved: Awaited<ReturnType<typeof save>>[] = [];
      const total = { bytes: 0 };
      let current = '';
      try {
        for await (const part of parts) {
          if (saved.length >= LIMITS.chatFilesMax) throw tooMany();
          current = part.filename;
          saved.push(await save(part, 'image', total));
        }
      } catch (err) {
        await Promise.all(saved.map((f) => store.remove(f.key).catch(() => undefined)));
        const code = (err as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT') throw tooMany();
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(current);
        throw err;
      }
      if (saved.length === 0) throw invalidField('files', 'Required');
      return record(userId, 'image', saved);
    },

    uploadVoice: async (userId: string, part: MultipartFile | undefined) => {
      if (!part) throw invalidField('file', 'Required');
      const saved = await save(part, 'voice', { bytes: 0 });
      return (await record(userId, 'voice', [saved]))[0]!;
    },

    /** The file (or its thumbnail) as a stream with its type; 404 for anyone who may not read it. */
    open: async (userId: string, key: string, thumb: boolean) => {
      const row = await readable(userId, key);
      if (thumb && THUMBNAILED.has(row.type)) {
        const thumbKey = row.thumb_key ?? (await makeThumbnail(row.key));
        const stream = thumbKey ? await store.get(thumbKey) : null;
        if (stream) return { stream, type: 'image/webp', name: row.name, size: null };
      }
      const stream = await store.get(row.key);
      if (!stream) throw notFound('fileNotFound');
      return { stream, type: row.type, name: row.name, size: Number(row.size) };
    },

    /** An upload never sent can be withdrawn by its uploader. */
    remove: async (userId: string, key: string) => {
      const row = await uploads.unsentUpload(db, userId, key);
      if (!row) throw notFound('fileNotFound');
      await uploads.deleteUpload(db, key);
      await Promise.all([row.key, row.thumb_key].filter((k): k is string => !!k).map((k) => store.remove(k)));
    },

    /** A removed message takes its files with it. */
    forgetMessage: async (messageId: string) => {
      const rows = await uploads.messageUploads(db, messageId);
      if (rows.length === 0) return;
      await uploads.deleteMessageUploads(db, messageId);
      for (const r of rows) for (const k of [r.key, r.thumb_key]) if (k) await store.remove(k).catch(() => undefined);
    },

    /**
     * Uploads never sent are removed after a day. The rows deleted are this run's: when several processes
     * sweep at once, each removes only the files of the rows it deleted.
     */
    sweep: async (now = Date.now()) => {
      const stale = await uploads.deleteUnsentBefore(db, now - DAY);
      if (stale.length === 0) return 0;
      for (const s of stale) for (const k of [s.key, s.thumb_key]) if (k) await store.remove(k).catch(() => undefined);
      return stale.length;
    },
  };

  /** A 480-pixel WebP preview, made on first request and kept. */
  async function makeThumbnail(key: string): Promise<string | null> {
    const original = await store.get(key);
    if (!original) return null;
    const { default: sharp } = await import('sharp');
    const thumbKey = newKey();
    try {
      const resized = original.pipe(
        sharp({ limitInputPixels: 40_000_000, animated: false })
          .rotate()
          .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 }),
      );
      original.on('error', (err) => resized.destroy(err));
      await store.put(thumbKey, Readable.from(resized));
    } catch (err) {
      log.warn({ err, key }, 'thumbnail failed');
      await store.remove(thumbKey).catch(() => undefined);
      return null;
    }
    await uploads.setThumbKey(db, key, thumbKey);
    return thumbKey;
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>;
