// Sums the JSON reports of every vitest run in a folder and prints `N passed, M failed`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  // A suite file that failed to load counts as a failure even though none of its tests ran.
  const broken = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  const suite = file.replace(/\.json$/, '');
  // The failures by name, so the last lines of a long log say what to look at.
  for (const r of report.testResults ?? []) {
    if (r.status === 'failed' && r.assertionResults.length === 0)
      console.log(`  ✗ ${suite} ${relative(process.cwd(), r.name)}: did not load`);
    for (const a of r.assertionResults) if (a.status === 'failed') console.log(`  ✗ ${suite} ${a.fullName}`);
  }
  console.log(`${suite}: ${report.numPassedTests} passed, ${report.numFailedTests + broken} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests + broken;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
