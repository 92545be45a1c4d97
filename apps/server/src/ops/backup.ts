import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Online backup and restore of the embedded defaults (docs/decisions.md "Operate"): the SQLite database through
 * its online backup API (a consistent snapshot taken while the server keeps writing), then the file store
 * (chat files, thumbnails, logos, avatars). secrets.json never goes into the backup: it holds MESSAGE_KEY, which
 * decrypts every message and file, so it is written only where the operator asks, apart from the data.
 */

/** Folders of DATA_DIR that hold files; chat files go to S3 instead when S3_BUCKET is set. */
export const FILE_DIRS = ['files', 'logos', 'avatars'] as const;
export const DB_FILE = 'rounds.sqlite';
const MANIFEST = 'manifest.json';

export type Manifest = {
  format: 'rounds-backup';
  version: 1;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  database: { file: string; messages: number; integrity: 'ok' } | null;
  files: Record<string, number>;
};

export type BackupOptions = {
  dataDir: string;
  target: string;
  /** PostgreSQL: the database is the operator's pg_dump; only the file store is copied. */
  postgres: boolean;
  /** Where to write a copy of secrets.json (outside the backup). */
  secretsOut?: string;
  log: (line: string) => void;
};

export class BackupError extends Error {}

function ensureEmptyDir(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: choose a new folder.`);
  mkdirSync(dir, { recursive: true });
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) n += countFiles(join(dir, entry.name));
    else if (!entry.name.endsWith('.part')) n += 1;
  }
  return n;
}

/** Copies the file folders, leaving out files still being written (the store renames `.part` when done). */
function copyFileDirs(from: string, to: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of FILE_DIRS) {
    const src = join(from, name);
    if (!existsSync(src)) continue;
    cpSync(src, join(to, name), {
      recursive: true,
      preserveTimestamps: true,
      filter: (path) => !path.endsWith('.part'),
    });
    counts[name] = countFiles(join(to, name));
  }
  return counts;
}

function isInside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

export async function backup(o: BackupOptions): Promise<Manifest> {
  const dataDir = resolve(o.dataDir);
  const target = resolve(o.target);
  if (isInside(target, dataDir)) throw new BackupError('The backup folder must be outside DATA_DIR.');
  if (o.secretsOut && isInside(o.secretsOut, target))
    throw new BackupError('Keep the secrets apart: --secrets must name a file outside the backup folder.');
  ensureEmptyDir(target);

  let database: Manifest['database'] = null;
  if (o.postgres) {
    o.log('Database: PostgreSQL. Back it up with pg_dump, e.g. `pg_dump -Fc "$DATABASE_URL" > rounds.dump`;');
    o.log('this backup holds only the file store.');
  } else {
    const source = join(dataDir, DB_FILE);
    if (!existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
    // The database first: every file a row of the snapshot names was stored before its row, so it is there when
    // the folders are copied next (a file added after the snapshot is copied too and is simply unused).
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // The whole database in one step, under one read transaction: a snapshot no concurrent commit can tear.
      await db.backup(join(target, DB_FILE), { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const copy = new SQLite(join(target, DB_FILE), { fileMustExist: true });
    try {
      const integrity = copy.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new BackupError(`The backup failed its integrity check: ${String(integrity)}`);
      const messages = (copy.prepare('select count(*) as n from messages').get() as { n: number }).n;
      database = { file: DB_FILE, messages, integrity: 'ok' };
    } finally {
      copy.close();
    }
    o.log(`Database: ${database.messages} messages, integrity ok.`);
  }

  const files = copyFileDirs(dataDir, target);
  o.log(
    `Files: ${
      Object.entries(files)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }.`,
  );

  const secrets = join(dataDir, 'secrets.json');
  if (o.secretsOut && existsSync(secrets)) {
    mkdirSync(dirname(resolve(o.secretsOut)), { recursive: true });
    copyFileSync(secrets, o.secretsOut);
    chmodSync(o.secretsOut, 0o600);
    o.log(`Secrets written to ${o.secretsOut} (mode 600): store them apart from the backup.`);
  } else if (existsSync(secrets)) {
    o.log(
      'WARNING: DATA_DIR/secrets.json (MESSAGE_KEY, JWT_SECRET) is not in this backup, on purpose: whoever holds both ' +
        'can read every message. Without it the backup cannot be read: copy it once to a safe place of its own ' +
        '(or run again with --secrets <file>).',
    );
  } else {
    o.log('Secrets come from the environment (MESSAGE_KEY, JWT_SECRET): keep them where they are kept now.');
  }

  const manifest: Manifest = {
    format: 'rounds-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    engine: o.postgres ? 'postgres' : 'sqlite',
    database,
    files,
  };
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  o.log(`Backup complete in ${target}.`);
  return manifest;
}

export type RestoreOptions = {
  source: string;
  dataDir: string;
  postgres: boolean;
  /** A secrets.json written by `backup --secrets`. */
  secretsIn?: string;
  /** MESSAGE_KEY is given by the environment. */
  keyFromEnv: boolean;
  /** Replace a database already in DATA_DIR. */
  force: boolean;
  log: (line: string) => void;
};

/** Restores into DATA_DIR. The server must be stopped: a live SQLite file replaced underneath it is corrupted. */
export function restore(o: RestoreOptions): void {
  const source = resolve(o.source);
  const dataDir = resolve(o.dataDir);
  const manifestFile = join(source, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`${source} is not a Rounds backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 'rounds-backup' || manifest.version !== 1)
    throw new BackupError(`${source} is not a backup this version can restore.`);

  const hasSecrets = existsSync(join(dataDir, 'secrets.json'));
  if (!o.secretsIn && !hasSecrets && !o.keyFromEnv)
    throw new BackupError(
      'No secrets: pass --secrets <file> (written by backup --secrets), or set MESSAGE_KEY and JWT_SECRET. ' +
        'Started without them, the server would make new keys and could not read the restored messages.',
    );
  if (o.secretsIn && !existsSync(o.secretsIn)) throw new BackupError(`${o.secretsIn} does not exist.`);

  mkdirSync(dataDir, { recursive: true });
  if (manifest.database) {
    if (o.postgres) throw new BackupError('This backup holds a SQLite database, but DATABASE_URL names PostgreSQL.');
    const live = join(dataDir, DB_FILE);
    if (existsSync(live) && statSync(live).size > 0 && !o.force)
      throw new BackupError(`${live} exists: stop the server and run again with --force to replace it.`);
    copyFileSync(join(source, manifest.database.file), `${live}.restoring`);
    // The old database's journal would be replayed into the restored one.
    for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
    renameSync(`${live}.restoring`, live);
    o.log(`Database restored: ${manifest.database.messages} messages.`);
  } else if (o.postgres) {
    o.log('Database: PostgreSQL. Restore it with pg_restore from your pg_dump; this restores only the file store.');
  }
  for (const name of FILE_DIRS) {
    if (!existsSync(join(source, name))) continue;
    rmSync(join(dataDir, name), { recursive: true, force: true });
    cpSync(join(source, name), join(dataDir, name), { recursive: true, preserveTimestamps: true });
  }
  o.log(
    `Files restored: ${
      Object.entries(manifest.files)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }.`,
  );
  if (o.secretsIn) {
    copyFileSync(o.secretsIn, join(dataDir, 'secrets.json'));
    chmodSync(join(dataDir, 'secrets.json'), 0o600);
    o.log('Secrets restored into DATA_DIR/secrets.json.');
  }
  o.log(`Restore complete into ${dataDir}. Start the server.`);
}
