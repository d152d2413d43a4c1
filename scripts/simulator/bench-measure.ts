/** @module Measurement helpers of the OCPP benchmark: percentiles, process-tree memory, the result table. */
import { readdirSync, readFileSync } from 'node:fs';

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

/** Samples the tree's RSS every 250 ms; stop() returns the peak in bytes. */
export function watchPeakRss(pid: number) {
  let peak = treeRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
  }, 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, treeRss(pid));
  };
}

export interface BenchRow {
  target: string;
  connected: number;
  stations: number;
  connectPerSecond: number;
  latencies: Record<'BootNotification' | 'Heartbeat' | 'MeterValues', number[]>;
  messagesPerSecond: number;
  peakRssBytes: number;
  errors: Map<string, number>;
}

const ms = (v: number | undefined) => (v === undefined ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));

export function formatTable(rows: readonly BenchRow[]): string {
  const header = [
    'target',
    'connected',
    'conn/s',
    'Boot p50/p99 ms',
    'Heartbeat p50/p99 ms',
    'MeterValues p50/p99 ms',
    'msg/s',
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
      r.connectPerSecond.toFixed(0),
      pair(r.latencies.BootNotification),
      pair(r.latencies.Heartbeat),
      pair(r.latencies.MeterValues),
      r.messagesPerSecond.toFixed(0),
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
  return [row(header), rule, ...lines.map(row), ...details].join('\n');
}
