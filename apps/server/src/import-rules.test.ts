import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules (.dependency-cruiser.cjs, run by `npm run check`) hold against a deliberate violation: a tiny
// tree laid out like ours, checked with the real configuration, fails for each broken rule and passes without.
const root = join(import.meta.dirname, '../../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function check(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { allowJs: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(
    depcruise,
    ['apps', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', '--no-progress'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const clean = {
  'apps/server/src/lib/ids.ts': 'export const id = 1;\n',
  'apps/server/src/modules/notes/notes.store.ts': "import { id } from '../../lib/ids.ts';\nexport const store = id;\n",
  'apps/server/src/modules/notes/notes.service.ts':
    "import { store } from './notes.store.ts';\nexport const service = store;\n",
  'apps/web/src/features/chat/room.ts': "import { util } from '../../lib/util.ts';\nexport const room = util;\n",
  'apps/web/src/lib/util.ts': 'export const util = 1;\n',
};

describe('import rules', () => {
  it('pass a tree that keeps them', () => {
    const run = check(clean);
    expect(run.output).toContain('no dependency violations');
    expect(run.status).toBe(0);
  });

  // One tree breaking every rule at once (each run of the tool costs seconds): each break is named.
  it('fail each deliberate violation, naming the rule and the import', () => {
    const run = check({
      ...clean,
      'apps/server/src/modules/notes/notes.store.ts':
        "import { other } from './other.service.ts';\nexport const store = other;\n",
      'apps/server/src/modules/notes/other.service.ts':
        "import { kit } from '../../../test/support/kit.ts';\nimport { id } from '../../lib/ids.ts';\nexport const other = kit + id;\n",
      'apps/server/test/support/kit.ts': 'export const kit = 1;\n',
      'apps/server/src/lib/ids.ts':
        "import { service } from '../modules/notes/notes.service.ts';\nexport const id = service;\n",
      'apps/web/src/features/chat/room.ts': "import { call } from '../calls/call.ts';\nexport const room = call;\n",
      'apps/web/src/features/calls/call.ts': 'export const call = 1;\n',
    });
    const notes = 'apps/server/src/modules/notes';
    for (const line of [
      `store-imports-only-db-lib-contracts-stores: ${notes}/notes.store.ts → ${notes}/other.service.ts`,
      `no-test-support-in-production: ${notes}/other.service.ts → apps/server/test/support/kit.ts`,
      `lib-and-db-import-no-module: apps/server/src/lib/ids.ts → ${notes}/notes.service.ts`,
      'web-features-do-not-import-each-other: apps/web/src/features/chat/room.ts → apps/web/src/features/calls/call.ts',
      'error no-folder-cycles: apps/server/src/lib',
      'no-file-cycles: apps/server/src/lib/ids.ts',
    ]) {
      expect(run.output).toContain(line);
    }
    expect(run.status).not.toBe(0);
  });
});
