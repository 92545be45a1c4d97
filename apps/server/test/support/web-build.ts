import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A web build of the test's own making, for WEB_DIST: each file at its path below a fresh temporary folder
 * (index.html, assets/…, prerendered/…), so the server serves exactly what the test wrote. Returns the folder.
 */
export function webBuild(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(join(tmpdir(), 'rounds-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  return dist;
}
