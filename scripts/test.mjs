// `npm test`: every suite (server, web, end-to-end). Installs Debian's chromium, redis-server, coturn and the rest first when missing
// and we are root; otherwise says how. Each suite writes a JSON report; the totals close the run.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = process.env.ROUNDS_RESULTS_DIR ?? join(root, 'node_modules', '.cache', 'rounds-test-results');
mkdirSync(resultsDir, { recursive: true });

// Debian packages the suites run against: chromium for the browser journeys, redis-server for scale-out,
// nginx and openssl for the TLS reverse-proxy and rolling-restart tests, ffmpeg (speech audio decoding) and
// espeak-ng (the speech the dictation tests speak), janus (the SFU the Janus call tests and journey spawn),
// coturn (TURN credentials and the relay-only call journey).
const missing = [
  ['/usr/bin/chromium', 'chromium fonts-noto-core'],
  ['/usr/bin/redis-server', 'redis-server'],
  ['/usr/sbin/nginx', 'nginx'],
  ['/usr/bin/openssl', 'openssl'],
  ['/usr/bin/ffmpeg', 'ffmpeg'],
  ['/usr/bin/espeak-ng', 'espeak-ng'],
  ['/usr/bin/janus', 'janus'],
  ['/usr/bin/turnserver', 'coturn'],
].filter(([path]) => !existsSync(path));
if (missing.length > 0) {
  const packages = missing.map(([, names]) => names).join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Installing ${packages} for the tests…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `The tests need Debian packages: run \`sudo apt-get install -y ${packages}\`, then \`npm test\` again.`,
    );
    process.exit(1);
  }
}

const suites = [
  ['server', '@rounds/server'],
  ['web', '@rounds/web'],
  ['e2e', '@rounds/e2e'],
];
let failed = false;
for (const [name, workspace] of suites) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(
    'npm',
    [
      'test',
      '-w',
      workspace,
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(resultsDir, `${name}.json`)}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) failed = true;
}
const totals = spawnSync('node', [join(root, 'scripts', 'totals.mjs'), resultsDir], { cwd: root, stdio: 'inherit' });
process.exit(failed || totals.status !== 0 ? 1 : 0);
