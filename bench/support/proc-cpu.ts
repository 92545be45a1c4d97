import { readFileSync } from 'node:fs';

/** CPU seconds a process has used (utime + stime of /proc/<pid>/stat, in ticks of 1/100 s on Linux). */
export function cpuSeconds(pid: number): number {
  // The command name may hold spaces and parentheses: the fields start after its last ') '.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Samples the CPU of named processes (the server, Janus given by its pid, ...) over `seconds`: the share of one
 * core each used on average, and the highest share over any one-second window.
 */
export async function sampleCpu(
  pids: Record<string, number>,
  seconds: number,
): Promise<Record<string, { mean: number; peak: number }>> {
  const names = Object.keys(pids);
  const read = () => Object.fromEntries(names.map((n) => [n, cpuSeconds(pids[n]!)]));
  const first = read();
  const t0 = performance.now();
  const peak = Object.fromEntries(names.map((n) => [n, 0]));
  let last = first;
  let lastAt = t0;
  for (let i = 0; i < seconds; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = read();
    const at = performance.now();
    for (const n of names) peak[n] = Math.max(peak[n]!, (now[n]! - last[n]!) / ((at - lastAt) / 1000));
    last = now;
    lastAt = at;
  }
  const elapsed = (lastAt - t0) / 1000;
  return Object.fromEntries(names.map((n) => [n, { mean: (last[n]! - first[n]!) / elapsed, peak: peak[n]! }]));
}
