import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The web's import zones (app/ composes features; no feature imports another or app/; the shared folders import
// neither) are kept twice in `npm run check`: by Biome (biome.json overrides) and by dependency-cruiser
// (.dependency-cruiser.cjs). A tiny tree laid out like ours, checked with the real configurations, shows both
// tools fail on the same deliberate violations and pass without them.
const root = join(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-zones-'));
  dirs.push(dir);
  // The real Biome configuration; the tree is no git checkout, so no ignore file to read.
  const biome = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete biome.$schema;
  biome.vcs = { enabled: false };
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(biome));
  writeFileSync(join(dir, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { allowJs: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function run(dir: string, tool: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(join(root, 'node_modules/.bin', tool), args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Biome's findings as `rule file:line` (its GitHub reporter prints one line each). */
function biome(dir: string): { status: number | null; found: string[] } {
  const { status, output } = run(dir, 'biome', ['lint', '--reporter=github', '--diagnostic-level=error', 'apps']);
  const found = [...output.matchAll(/::error title=lint\/\w+\/(\w+),file=([^,]+),line=(\d+)/g)].map(
    ([, rule, file, line]) => `${rule} ${file?.slice(dir.length + 1)}:${line}`,
  );
  return { status, found };
}

function depcruise(dir: string): { status: number | null; output: string } {
  return run(dir, 'depcruise', [
    'apps',
    '--config',
    join(root, '.dependency-cruiser.cjs'),
    '--output-type',
    'err',
    '--no-progress',
  ]);
}

const web = 'apps/web/src';
const clean = {
  [`${web}/lib/util.ts`]: 'export const util = 1;\n',
  [`${web}/components/card.tsx`]: "import { util } from '../lib/util.ts';\nexport const card = util;\n",
  [`${web}/features/chat/room.ts`]: "import { util } from '../../lib/util.ts';\nexport const room = util;\n",
  [`${web}/features/chat/components/room-view.tsx`]:
    "import { card } from '../../../components/card.tsx';\nimport { room } from '../room.ts';\nexport const view = card + room;\n",
  [`${web}/features/calls/call.ts`]: 'export const call = 1;\n',
  [`${web}/features/admin/users/components/user-page.tsx`]:
    "import { util } from '../../../../lib/util.ts';\nimport { section } from '../../section.ts';\nexport const page = util + section;\n",
  [`${web}/features/admin/section.ts`]: 'export const section = 1;\n',
  [`${web}/app/routes/recent.tsx`]:
    "import { call } from '../../features/calls/call.ts';\nimport { view } from '../../features/chat/components/room-view.tsx';\nexport const recent = call + view;\n",
};

// Each run of a tool takes seconds on a busy machine.
describe('web import zones', { timeout: 60_000 }, () => {
  it('pass a tree that keeps them, in both tools', () => {
    const dir = tree(clean);
    expect(biome(dir)).toEqual({ status: 0, found: [] });
    const cruise = depcruise(dir);
    expect(cruise.output).toContain('no dependency violations');
    expect(cruise.status).toBe(0);
  });

  // One tree breaking every zone at once, a file at each depth (Biome reads the import as written): each break is
  // named by both tools.
  it('fail each deliberate violation in both tools, naming the import', () => {
    const dir = tree({
      ...clean,
      [`${web}/features/chat/room.ts`]: "import { call } from '../calls/call.ts';\nexport const room = call;\n",
      [`${web}/features/chat/components/room-view.tsx`]:
        "import { call } from '../../calls/call.ts';\nexport const view = call;\n",
      [`${web}/features/admin/users/components/user-page.tsx`]:
        "import { room } from '../../../chat/room.ts';\nexport const page = room;\n",
      [`${web}/features/calls/call.ts`]:
        "import { recent } from '../../app/routes/recent.tsx';\nexport const call = () => recent;\n",
      [`${web}/lib/util.ts`]: "import { room } from '../features/chat/room.ts';\nexport const util = () => room;\n",
      [`${web}/components/card.tsx`]:
        "import { recent } from '../app/routes/recent.tsx';\nexport const card = () => recent;\n",
    });
    const found = biome(dir);
    expect(found.found.sort()).toEqual(
      [
        `noRestrictedImports ${web}/features/chat/room.ts:1`,
        `noRestrictedImports ${web}/features/chat/components/room-view.tsx:1`,
        `noRestrictedImports ${web}/features/admin/users/components/user-page.tsx:1`,
        `noRestrictedImports ${web}/features/calls/call.ts:1`,
        `noRestrictedImports ${web}/lib/util.ts:1`,
        `noRestrictedImports ${web}/components/card.tsx:1`,
        // calls/call → app/routes/recent, which imports calls/call (line 1) and chat's room-view (line 2), which
        // imports calls/call: every import of those two circles is named.
        ...[
          'app/routes/recent.tsx:1',
          'app/routes/recent.tsx:2',
          'features/calls/call.ts:1',
          'features/chat/components/room-view.tsx:1',
        ].map((at) => `noImportCycles ${web}/${at}`),
      ].sort(),
    );
    expect(found.status).not.toBe(0);

    const cruise = depcruise(dir);
    for (const line of [
      `web-features-do-not-import-each-other: ${web}/features/chat/room.ts → ${web}/features/calls/call.ts`,
      `web-features-do-not-import-each-other: ${web}/features/chat/components/room-view.tsx → ${web}/features/calls/call.ts`,
      `web-features-do-not-import-each-other: ${web}/features/admin/users/components/user-page.tsx → ${web}/features/chat/room.ts`,
      `web-features-do-not-import-app: ${web}/features/calls/call.ts → ${web}/app/routes/recent.tsx`,
      `web-shared-code-imports-no-feature: ${web}/lib/util.ts → ${web}/features/chat/room.ts`,
      `web-shared-code-imports-no-feature: ${web}/components/card.tsx → ${web}/app/routes/recent.tsx`,
    ]) {
      expect(cruise.output).toContain(line);
    }
    expect(cruise.status).not.toBe(0);
  });
});
