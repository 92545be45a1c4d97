import { randomBytes } from 'node:crypto';
import type { TCreateExportReply, ZCreateExportRequest } from '@rounds/contracts/compliance';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { writeAudit } from '../audit/audit.service';
import { insertExport } from './export.store';
import { EXPORT_LINK_MS, type ExportContext, sha256 } from './export-context';
import { targetExists } from './holds.store';

/** Checks the target, records the export and its user-log record, and answers the single-use link. */
export const createExport =
  (ctx: ExportContext) =>
  async (
    adminId: string,
    body: z.output<typeof ZCreateExportRequest>,
    ip: string | null,
  ): Promise<TCreateExportReply['data']> => {
    const { db } = ctx;
    if (!(await targetExists(db, body.scope, body.targetId))) {
      throw notFound('exportTargetNotFound', 'EXPORT_TARGET_NOT_FOUND');
    }
    const token = randomBytes(32).toString('base64url');
    const id = newId();
    const now = Date.now();
    const expiresAt = now + EXPORT_LINK_MS;
    await db.transaction().execute(async (trx) => {
      await insertExport(trx, {
        id,
        token_hash: sha256(token),
        scope: body.scope,
        target_id: body.targetId,
        from_at: body.from,
        to_at: body.to,
        created_by: adminId,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      });
      await writeAudit(trx, {
        userId: adminId,
        event: 'conversations exported',
        ip,
        details: { exportId: id, scope: body.scope, targetId: body.targetId, from: body.from, to: body.to },
      });
    });
    return { token, expiresAt };
  };
