/**
 * @module What `npm run bench:reporting` measures with: CPU of whole process trees read from /proc
 * (this Node process with its workerd child; the PostgreSQL server with its backends), percentiles,
 * and a timed loop of one query.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (Linux's USER_HZ). */
const TICK_MS = 10;

function stat(pid: number): { ppid: number; ms: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from the 3rd: state ppid … utime(14) stime(15)
    // cutime(16) cstime(17): the last two are the children it has reaped (PostgreSQL's ended backends),
    // so the tree's total never drops when a backend exits between two readings.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    return { ppid: Number(f[1]), ms: ticks * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU ms used so far by `root` and its descendants, live or exited and reaped. */
export function treeCpuMs(root: number): number {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => [Number(d), stat(Number(d))] as const);
  const children = new Map<number, number[]>();
  for (const [pid, s] of all) if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  const ms = new Map(all.map(([pid, s]) => [pid, s?.ms ?? 0]));
  let total = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop() as number;
    total += ms.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The postmaster's pid, from the data directory. */
export const postmasterPid = (dataDir: string) =>
  Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);

export interface CpuMeter {
  /** CPU ms of this process's tree and of PostgreSQL's since the meter started. */
  read(): { node: number; pg: number };
}

export function cpuMeter(pgPid: number): CpuMeter {
  const node0 = treeCpuMs(process.pid);
  const pg0 = treeCpuMs(pgPid);
  return { read: () => ({ node: treeCpuMs(process.pid) - node0, pg: treeCpuMs(pgPid) - pg0 }) };
}

export const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface Timed {
  p50: number;
  p95: number;
  max: number;
  /** CPU ms per run: this process's tree (Node + workerd) and PostgreSQL's. */
  cpu: { node: number; pg: number };
}

/** Runs `f` once to warm up, then `runs` times; wall-clock percentiles in ms and CPU per run. */
export async function timeRuns(runs: number, pgPid: number, f: () => Promise<unknown>): Promise<Timed> {
  await f();
  const wall: number[] = [];
  const meter = cpuMeter(pgPid);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    wall.push(performance.now() - t0);
  }
  const cpu = meter.read();
  wall.sort((a, b) => a - b);
  return {
    p50: pct(wall, 50),
    p95: pct(wall, 95),
    max: wall.at(-1) ?? 0,
    cpu: { node: cpu.node / runs, pg: cpu.pg / runs },
  };
}

export const fmtMs = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
export const fmtTimed = (t: Timed) =>
  `p50 ${fmtMs(t.p50)}, p95 ${fmtMs(t.p95)}, max ${fmtMs(t.max)}; CPU per query: Node+workerd ${fmtMs(t.cpu.node)}, PostgreSQL ${fmtMs(t.cpu.pg)}`;
