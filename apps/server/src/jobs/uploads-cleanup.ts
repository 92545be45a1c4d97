import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/** Uploads never sent are removed after a day (modules/chat/uploads.service.ts sweep); checked hourly. */
export function uploadsCleanup(app: FastifyInstance): Job {
  return { name: 'uploads-cleanup', everyMs: 60 * 60 * 1000, run: () => app.chat.uploads.sweep() };
}
