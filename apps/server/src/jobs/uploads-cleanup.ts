import type { UploadsService } from '../modules/chat/uploads.service';
import type { Job } from './runner';

/** Uploads never sent are removed after a day (modules/chat/uploads.service.ts sweep); checked hourly. */
export function uploadsCleanup(uploads: Pick<UploadsService, 'sweep'>): Job {
  return { name: 'uploads-cleanup', everyMs: 60 * 60 * 1000, run: () => uploads.sweep() };
}
