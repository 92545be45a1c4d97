// Sums the JSON reports of every vitest run in a folder and prints `N passed, M failed`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  // A file that failed with no failed test (it did not load, or a hook such as afterAll failed) counts as one
  // failure, so the last line never says 0 failed while the run failed.
  const brokenFile = (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed');
  const broken = (report.testResults ?? []).filter(brokenFile).length;
  const suite = file.replace(/\.json$/, '');
  // The failures by name, so the last lines of a long log say what to look at.
  for (const r of report.testResults ?? []) {
    if (brokenFile(r)) {
      console.log(`  ✗ ${suite} ${relative(process.cwd(), r.name)}: failed outside its tests`);
      for (const line of stripVTControlCharacters(r.message ?? '')
        .split('\n')
        .slice(0, 4))
        console.log(`      ${line.slice(0, 300)}`);
    }
    for (const a of r.assertionResults) {
      if (a.status !== 'failed') continue;
      console.log(`  ✗ ${suite} ${a.fullName}`);
      // Its first lines too: CI shows only the end of the log, where a flaky failure would otherwise go unexplained.
      const message = stripVTControlCharacters(a.failureMessages?.[0] ?? '');
      for (const line of message.split('\n').slice(0, 8)) console.log(`      ${line.slice(0, 300)}`);
    }
  }
  // Wall time from the run's start to its last file's end: CI's time limit is spent here.
  const ends = (report.testResults ?? []).map((r) => r.endTime ?? 0);
  const seconds =
    report.startTime && ends.length > 0 ? Math.round((Math.max(...ends) - report.startTime) / 1000) : null;
  console.log(
    `${suite}: ${report.numPassedTests} passed, ${report.numFailedTests + broken} failed${seconds === null ? '' : ` (${seconds} s)`}`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests + broken;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
