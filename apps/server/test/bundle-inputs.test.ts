import { join } from 'node:path';
import { type BuildOptions, build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { serverBuildOptions } from '../../../scripts/ensure-server-build.mjs';

// The production bundle (what `npm start` runs) is built here in memory with the build's own options and a
// metafile, whose inputs name every file that went into it: none may be test support.
const root = join(import.meta.dirname, '..', '..', '..');
const isTestSupport = (input: string) => /^(apps\/server\/test|packages\/test-kit)\//.test(input);

async function inputsOf(overrides: BuildOptions = {}): Promise<string[]> {
  const options: BuildOptions = serverBuildOptions({
    write: false,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'silent',
    ...overrides,
  });
  const result = await build(options);
  return Object.keys(result.metafile?.inputs ?? {});
}

describe('the production server bundle', () => {
  it('holds none of the test support (apps/server/test, packages/test-kit)', async () => {
    const inputs = await inputsOf();
    expect(inputs).toContain('apps/server/src/main.ts');
    expect(inputs).toContain('packages/contracts/src/limits.ts');
    expect(inputs.filter(isTestSupport)).toEqual([]);
  });

  it('would name test support that production code imported', async () => {
    const inputs = await inputsOf({
      entryPoints: undefined,
      stdin: {
        contents:
          "import { smsStandIn } from '@rounds/test-kit/stand-ins';\nimport { multipart } from '../test/support/multipart';\nconsole.log(smsStandIn, multipart);\n",
        resolveDir: join(root, 'apps', 'server', 'src'),
        sourcefile: 'apps/server/src/violation.ts',
        loader: 'ts',
      },
    });
    expect(inputs.filter(isTestSupport).sort()).toEqual([
      'apps/server/test/support/multipart.ts',
      'packages/test-kit/src/stand-ins.ts',
    ]);
  });
});
