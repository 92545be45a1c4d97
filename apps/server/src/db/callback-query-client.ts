import pg from 'pg';

/**
 * A pg client whose promise-returning `query(text, values)` (what Kysely calls) runs as pg's callback form.
 * pg's own promise form builds the query first and gives it its callback afterwards; measured on pg 8.23 and
 * Node 20, every result read that way stayed reachable for the young-generation collections until the next full
 * one (two forced minor collections after 25 pages of 500 rows kept all 25 pages, about 7 MB; through the
 * callback form they kept one). The rows were promoted to the old generation instead of dying young, so the
 * heap grew with every page read until a full collection: the export for counsel's memory on PostgreSQL grew
 * with the size of the export. The same query, the same result, the same errors (with a stack leading back to
 * the caller, as pg's has); queries given a callback or a query object (a cursor) go to pg unchanged.
 */
export class CallbackQueryClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query is overloaded; this passes its arguments through
  override query(config: any, values?: any, callback?: any): any {
    if (callback !== undefined || typeof values === 'function' || typeof config?.submit === 'function') {
      return super.query(config, values, callback);
    }
    return new Promise((resolve, reject) => {
      super.query(config, values, (err: Error | null, result: unknown) => (err ? reject(err) : resolve(result)));
    }).catch((err: Error) => {
      // As pg's promise form does: a stack that leads back to the caller, not to the socket's read.
      Error.captureStackTrace(err);
      throw err;
    });
  }
}
