import { Readable } from 'node:stream';
import { type TUserLog, USER_LOG_CSV_COLUMNS, userLogRoutes } from '@rounds/contracts/user-logs';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { writeAudit } from './audit.service';
import { exportUserLogs, listUserLogs } from './user-logs.service';

/** logs.csv dates: unambiguous for an auditor whatever the reader's zone. */
const utc = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const csvRow = (log: TUserLog) => [
  log.user ? `${log.user.firstName} ${log.user.lastName}` : '',
  log.user?.email ?? '',
  log.event,
  utc(log.createdAt),
  log.ip ?? '',
];

/** User logs (doc 2 sections 2, 6 and 7): only Admins and FacilityAdmins read and export them. */
export const userLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireAuth(app, ['Admin', 'FacilityAdmin']);
  const tags = ['admin'];

  registerRoute(app, userLogRoutes.list, { tags, onRequest }, async (req) =>
    listUserLogs(app.db, authOf(req), req.query),
  );

  // A streamed CSV, not a JSON reply: the contract says raw, and the handler sends it.
  registerRoute(app, userLogRoutes.export, { tags, onRequest }, async (req, reply) => {
    const actor = authOf(req);
    // Who took a copy of the logs, and of what, is itself a log entry.
    await writeAudit(app.db, {
      userId: actor.userId,
      event: 'logs exported',
      ip: req.ip,
      details: { keyword: req.query.keyword, from: req.query.from, to: req.query.to },
    });
    const rows = Readable.from(
      (async function* () {
        for await (const batch of exportUserLogs(app.db, actor, req.query)) for (const log of batch) yield csvRow(log);
      })(),
    );
    // Every cell quoted; a cell starting like a formula (=HYPERLINK…) gets a leading apostrophe.
    const csv = stringify({
      header: true,
      columns: [...USER_LOG_CSV_COLUMNS],
      quoted: true,
      escape_formulas: true,
      record_delimiter: 'windows',
    });
    rows.on('error', (error) => csv.destroy(error));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="logs.csv"')
      .send(rows.pipe(csv));
  });
};
