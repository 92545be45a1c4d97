import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Modes of everything the server keeps under DATA_DIR: the owner's only, like secrets.json. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * DATA_DIR created 0700, or tightened to it, with what is already at its top (database, WAL, secrets, files/,
 * avatars/, logos/): an existing install written under a 022 umask is closed at the next start. A closed
 * DATA_DIR already keeps other users out of everything below it. Returns the paths it could not change
 * (owned by someone else), for a warning.
 */
export function privateDataDir(dataDir: string): string[] {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const refused: string[] = [];
  const tighten = (path: string, mode: number) => {
    try {
      chmodSync(path, mode);
    } catch {
      refused.push(path);
    }
  };
  tighten(dataDir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dataDir)) {
    const path = join(dataDir, name);
    const st = lstatSync(path);
    if (st.isSymbolicLink()) continue;
    tighten(path, st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  }
  return refused;
}

/**
 * Creates the file 0600 when missing. SQLite gives its WAL and shared-memory files the database file's mode,
 * so creating the database this way keeps all three private.
 */
export function touchPrivate(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}
