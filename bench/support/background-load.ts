import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrowdMember } from './crowd-in-rooms';

const ROOT = join(import.meta.dirname, '..', '..');

/** One step's result as realtime-load.ts prints it (its second JSON line). */
export type TLoadStep = {
  rate: number;
  achievedRate: number;
  p50: number;
  p99: number;
  lost: number;
  duplicated: number;
};

export type TBackgroundLoad = {
  child: ChildProcess;
  /** The generator's JSON lines so far; the step's result is the second. */
  lines: Record<string, number>[];
  /** Resolves once its sends have settled into the rate (it says so on stderr). */
  settled: Promise<void>;
  /** Its exit code. */
  exited: Promise<number | null>;
};

/**
 * The crowd sending in its rooms at `rate` messages a second for `seconds`, from bench/realtime's load generator
 * in a process of its own (so its sockets do not share the measuring process's event loop): what the other rooms
 * of a hospital do while a bench measures something else.
 */
export function startBackgroundLoad(url: string, crowd: CrowdMember[], rate: number, seconds: number): TBackgroundLoad {
  const file = join(mkdtempSync(join(tmpdir(), 'rounds-bench-load-')), 'config.json');
  writeFileSync(file, JSON.stringify({ mode: 'rounds', url, users: crowd, maxP99Ms: 100, steps: [{ rate, seconds }] }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'support', 'realtime-load.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, number>[] = [];
  let markSettled: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    markSettled = resolve;
  });
  child.stderr!.on('data', (d: Buffer) => {
    process.stderr.write(d);
    if (d.toString().includes('settled')) markSettled();
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    const parts = out.split('\n');
    out = parts.pop()!;
    for (const l of parts) if (l.trim()) lines.push(JSON.parse(l));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, lines, settled, exited };
}
