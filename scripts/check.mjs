// `npm run check`: the type checks of every workspace, Biome, and the import rules. The seven type checks run two
// at a time (each uses one core, and this machine has two); a failure of any still fails the whole check, and
// each one's output is printed whole when it ends, so two never interleave.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const projects = [
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
  'packages/test-kit',
  'apps/web/src/sw',
  'packages/contracts',
];

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(
        `> ${basename(command)} ${args.join(' ')}${code === 0 ? '' : ` (failed, exit ${code})`}\n${output}`,
      );
      resolve(code === 0);
    });
  });
}

const tsc = join(root, 'node_modules', '.bin', 'tsc');
const queue = [...projects];
const lanes = Array.from({ length: Math.max(2, Math.min(availableParallelism(), 4)) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project; project = queue.shift()) ok = (await run(tsc, ['-p', project])) && ok;
  return ok;
});
const typesOk = (await Promise.all(lanes)).every(Boolean);
const biomeOk = await run(join(root, 'node_modules', '.bin', 'biome'), ['check', '.']);
const importsOk = await run('npm', ['run', '--silent', 'check:imports']);
process.exit(typesOk && biomeOk && importsOk ? 0 : 1);
