import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restore } from './backup';

/** `npm run restore -- <dir> [--secrets <file>] [--force]`: restores a backup into DATA_DIR (server stopped). */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { secrets: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup folder> [--secrets <file>] [--force]');
  process.exit(2);
}
try {
  restore({
    source: resolve(positionals[0]!),
    dataDir: resolve(process.env.DATA_DIR || './data'),
    postgres: Boolean(process.env.DATABASE_URL),
    ...(values.secrets ? { secretsIn: resolve(values.secrets) } : {}),
    keyFromEnv: Boolean(process.env.MESSAGE_KEY),
    force: values.force,
    log: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
