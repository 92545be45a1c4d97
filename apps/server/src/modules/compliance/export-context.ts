import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { TExportManifest } from '@rounds/contracts/compliance';
import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { FileStore } from '../../lib/file-store';
import type { MessageCrypto } from '../../lib/message-crypto';

/** What the export's actions use (export.service composes them; one file per action). */
export type ExportDeps = { db: Db; files: FileStore; crypto: MessageCrypto; log: FastifyBaseLogger };

/** How long a download link works: the browser follows it at once; a link found later in a history is dead. */
export const EXPORT_LINK_MS = 5 * 60 * 1000;
/** Rows per query: big enough to be quick, small enough that a page of lines is a few hundred kilobytes. */
export const EXPORT_PAGE = 500;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type Job = {
  id: string;
  scope: 'user' | 'room';
  targetId: string;
  from: number;
  to: number;
  by: string;
  at: number;
};
export type Entry = TExportManifest['entries'][number];

/**
 * The source's bytes, hashed and counted as they pass: the manifest's line for that entry. Closing the result
 * (the download given up) closes the source too, so no file is left open.
 */
export function hashed(source: Readable, path: string, done: (e: Entry) => void): Readable {
  const hash = createHash('sha256');
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _enc, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      done({ path, sha256: hash.digest('hex'), bytes });
      next();
    },
  });
  source.once('error', (err) => through.destroy(err));
  through.once('close', () => source.destroy());
  return source.pipe(through);
}

/** Appends one entry and resolves once the archive has taken it all in: one entry in flight at a time. */
export const add = (archive: ZipArchive, source: Readable | string, name: string, store = false) =>
  new Promise<void>((resolve, reject) => {
    // The client going away destroys the archive: the loop stops there rather than wait for ever (also when
    // it went away while the next rows or file were being fetched).
    const closed = () => new Error('the download was closed');
    if (archive.destroyed) {
      if (typeof source !== 'string') source.destroy();
      reject(closed());
      return;
    }
    const onClose = () => settle(closed());
    const onEntry = (entry: { name: string }) => {
      if (entry.name === name) settle();
    };
    const settle = (err?: Error) => {
      archive.off('entry', onEntry).off('error', settle).off('close', onClose);
      if (typeof source !== 'string') source.off('error', settle);
      if (err) {
        if (typeof source !== 'string') source.destroy();
        reject(err);
      } else resolve();
    };
    archive.on('entry', onEntry).once('error', settle).once('close', onClose);
    // A source failing (the database, the file store) fails the export: the archive would wait for it forever.
    if (typeof source !== 'string') source.once('error', settle);
    archive.append(source, { name, store });
  });

/** An export keeps nothing between requests: its actions take its deps as they are. */
export type ExportContext = ExportDeps;
