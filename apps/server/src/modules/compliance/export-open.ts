import type { Readable } from 'node:stream';
import { notFound } from '../../lib/errors';
import { zipName } from './export.rules';
import { claimExport } from './export.store';
import { writeArchive } from './export-archive';
import { type ExportContext, type Job, sha256 } from './export-context';

/**
 * Claims the link (once, unexpired, its Admin still an Admin) and answers the ZIP's name and stream. A failure
 * half-way destroys the stream, so the browser sees a failed download rather than a short ZIP.
 */
export const openExport =
  (ctx: ExportContext) =>
  async (token: string): Promise<{ filename: string; stream: Readable }> => {
    const { db, log } = ctx;
    const row = await claimExport(db, sha256(token), Date.now());
    if (!row) throw notFound('exportLinkNotFound', 'EXPORT_LINK_NOT_FOUND');
    const { ZipArchive: Zip } = await import('archiver');
    const archive = new Zip({ zlib: { level: 6 } });
    const job: Job = {
      id: row.id,
      scope: row.scope,
      targetId: row.target_id,
      from: Number(row.from_at),
      to: Number(row.to_at),
      by: row.created_by,
      at: Number(row.created_at),
    };
    writeArchive(ctx, archive, job).catch((err: unknown) => {
      if (archive.destroyed) {
        log.info({ exportId: row.id }, 'counsel export: the download was closed before the end');
        return;
      }
      log.error({ err, exportId: row.id }, 'counsel export failed');
      archive.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return { filename: zipName(job.at, job.id), stream: archive };
  };
