import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backup } from './backup';

/**
 * `npm run backup -- <dir> [--secrets <file>]`: an online backup of DATA_DIR while the server runs. Reads only
 * DATA_DIR and DATABASE_URL from the environment (loading the full config would create secrets).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { secrets: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('Usage: npm run backup -- <empty folder> [--secrets <file outside it>]');
  process.exit(2);
}
try {
  await backup({
    dataDir: resolve(process.env.DATA_DIR || './data'),
    target: resolve(positionals[0]!),
    postgres: Boolean(process.env.DATABASE_URL),
    ...(values.secrets ? { secretsOut: resolve(values.secrets) } : {}),
    log: (line) => console.log(line),
  });
  if (process.env.S3_BUCKET)
    console.log(`Chat files are in the S3 bucket ${process.env.S3_BUCKET}: back it up with the bucket's own tools.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
