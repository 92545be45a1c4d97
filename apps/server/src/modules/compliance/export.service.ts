import type { ExportDeps } from './export-context';
import { createExport } from './export-create';
import { openExport } from './export-open';

/**
 * Export for counsel (issue 27; docs/decisions.md "Export for counsel"). `create` checks and records the request
 * (with its user-log record) and answers a single-use link; `open` claims the link and answers the ZIP as a
 * stream, written entry after entry as the client reads it: messages a page at a time, each body decrypted as its
 * line is written, files streamed from the store, every entry hashed on the way. Nothing waits in memory but a
 * page, the people named so far and the manifest's list of entries. One file per action (export-*.ts) over a
 * shared context.
 */
export function createExportService(deps: ExportDeps) {
  return {
    create: createExport(deps),
    open: openExport(deps),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
