/** @module Measurement helpers of the OCPP benchmark: percentiles, process-tree memory, the result table. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function rssBytes(pid: number): number {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants (wrangler → workerd), from /proc. */
export function treeRss(pid: number): number {
  const seen = new Set<number>();
  const stack = [pid];
  let total = 0;
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (seen.has(p)) continue;
    seen.add(p);
    total += rssBytes(p);
    stack.push(...children(p));
  }
  return total;
}

/** Samples the trees' summed RSS every 250 ms; stop() returns the peak in bytes. */
export function watchPeakRss(pids: readonly number[]) {
  const sum = () => pids.reduce((a, pid) => a + treeRss(pid), 0);
  let peak = sum();
  const timer = setInterval(() => {
    peak = Math.max(peak, sum());
  }, 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, sum());
  };
}

/** User + system CPU time of one process, in ms, from /proc/PID/stat (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** USER_HZ: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** CPU time of the trees (each process and its descendants), split into workerd and the rest. */
export function treeCpu(pids: readonly number[]): { workerd: number; other: number } {
  const out = { workerd: 0, other: 0 };
  const seen = new Set<number>();
  const stack = [...pids];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (seen.has(p) || p <= 0) continue;
    seen.add(p);
    let name = '';
    try {
      name = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    out[name === 'workerd' ? 'workerd' : 'other'] += cpuMs(p);
    stack.push(...children(p));
  }
  return out;
}

export interface BenchRow {
  target: string;
  connected: number;
  /** Server processes (shards) the charge points were spread over. */
  shards: number;
  /** Sockets still open when the steady phase ended. */
  openAtEnd: number;
  stations: number;
  /** Descriptors of the server processes and of the load generator once all charge points were connected. */
  fds: FdCount[];
  connectPerSecond: number;
  latencies: Record<'BootNotification' | 'Heartbeat' | 'MeterValues', number[]>;
  messagesPerSecond: number;
  /**
   * Server CPU time (all its processes, user + system) per message answered in the steady phase, in
   * ms, and the part of it spent in workerd: a figure that stays meaningful on a loaded machine,
   * where latencies do not. Undefined when the server's processes are not known (--url).
   */
  cpuPerMessageMs?: { total: number; workerd: number };
  /** The same for the connection phase, per charge point connected and booted. */
  cpuPerConnectMs?: { total: number; workerd: number };
  peakRssBytes: number;
  /**
   * Event-loop delay of the load generator (this process) in the steady phase, in ms, sampled every
   * 10 ms: its own stalls add to every latency it measures, in both rows.
   */
  loadLoopDelayMs?: { p50: number; p99: number; max: number };
  errors: Map<string, number>;
  /** --in-transaction rows: the charge points whose MeterValues went inside an accepted transaction. */
  inTransaction?: number;
}

const ms = (v: number | undefined) => (v === undefined ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));

export function formatTable(rows: readonly BenchRow[]): string {
  const header = [
    'target',
    'connected',
    'open at end',
    'conn/s',
    'Boot p50/p99 ms',
    'Heartbeat p50/p99 ms',
    'MeterValues p50/p99 ms',
    'msg/s',
    'CPU ms/msg (workerd)',
    'CPU ms/conn',
    'peak RSS MiB',
    'errors',
  ];
  const lines = rows.map((r) => {
    const pair = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return `${ms(percentile(sorted, 50))} / ${ms(percentile(sorted, 99))}`;
    };
    const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
    return [
      r.target,
      `${r.connected}/${r.stations}`,
      String(r.openAtEnd),
      r.connectPerSecond.toFixed(0),
      pair(r.latencies.BootNotification),
      pair(r.latencies.Heartbeat),
      pair(r.latencies.MeterValues),
      r.messagesPerSecond.toFixed(0),
      r.cpuPerMessageMs ? `${r.cpuPerMessageMs.total.toFixed(3)} (${r.cpuPerMessageMs.workerd.toFixed(3)})` : '–',
      r.cpuPerConnectMs ? r.cpuPerConnectMs.total.toFixed(2) : '–',
      r.peakRssBytes > 0 ? (r.peakRssBytes / 2 ** 20).toFixed(0) : '–',
      String(errors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const details = rows
    .filter((r) => r.errors.size > 0)
    .map((r) => `${r.target} errors: ${[...r.errors].map(([k, n]) => `${n}× ${k}`).join('; ')}`);
  const loops = rows
    .filter((r) => r.loadLoopDelayMs)
    .map((r) => {
      const d = r.loadLoopDelayMs as NonNullable<BenchRow['loadLoopDelayMs']>;
      return `${r.target}: load generator event-loop delay p50/p99/max ${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)} ms (10 ms sampling)`;
    });
  return [row(header), rule, ...lines.map(row), ...details, ...loops].join('\n');
}

/** Open descriptors of one process by kind (socket, SQLite file, other file, pipe, other), from /proc. */
export interface FdCount {
  pid: number;
  name: string;
  socket: number;
  /** Of the sockets: TCP ones (loopback connections); the rest are Unix sockets and socket pairs. */
  tcp: number;
  sqlite: number;
  file: number;
  other: number;
  total: number;
}

export function fdCount(pid: number): FdCount | undefined {
  let name = '?';
  let entries: string[];
  try {
    name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    entries = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  const count: FdCount = { pid, name, socket: 0, tcp: 0, sqlite: 0, file: 0, other: 0, total: 0 };
  const tcpInodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    try {
      for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
        const inode = line.trim().split(/\s+/)[9];
        if (inode) tcpInodes.add(inode);
      }
    } catch {
      // no such table
    }
  }
  for (const fd of entries) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed while listing
    }
    count.total++;
    if (target.startsWith('socket:')) {
      count.socket++;
      if (tcpInodes.has(target.slice(8, -1))) count.tcp++;
    } else if (/\.sqlite(-wal|-shm|-journal)?( \(deleted\))?$/.test(target)) count.sqlite++;
    else if (target.startsWith('/')) count.file++;
    else count.other++;
  }
  return count;
}

/** `fdCount` of a process and each of its descendants (the server's node wrapper and its workerd). */
export function treeFdCounts(pid: number): FdCount[] {
  const out: FdCount[] = [];
  const seen = new Set<number>();
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    if (seen.has(p) || p <= 0) continue;
    seen.add(p);
    const c = fdCount(p);
    if (c) out.push(c);
    stack.push(...children(p));
  }
  return out;
}

/**
 * One line per process: descriptors by kind and per charge point it serves (`stations` ÷ `shards`
 * for the server's processes, all of them for this process, the load generator).
 */
export function formatFds(label: string, counts: readonly FdCount[], stations: number, shards = 1): string[] {
  return counts
    .filter((c) => c.total > 20)
    .map(
      (c) =>
        `${label}: ${c.pid === process.pid ? 'load generator (this process)' : c.name} (pid ${c.pid}): ${c.total} open (${c.socket} sockets of which ${c.tcp} TCP, ${c.sqlite} SQLite files, ` +
        `${c.file} other files, ${c.other} pipes/other) = ` +
        `${(c.total / (c.pid === process.pid ? stations : stations / shards)).toFixed(2)} per charge point it serves`,
    );
}
