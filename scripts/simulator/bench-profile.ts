/**
 * @module A CPU profile of the product's ocpp worker under the benchmark's load, summed by function:
 * where the CPU of a message goes. Start the bench with BENCH_INSPECT_PORT=P (one shard), then, during
 * its steady phase: `npx tsx scripts/simulator/bench-profile.ts P SECONDS [TOP]`. Loopback only.
 * Uses Node's global WebSocket (Node 22 and later).
 */
export {};

const [port, seconds = '20', shown = '40'] = process.argv.slice(2);
if (!port) throw new Error('usage: bench-profile.ts INSPECTOR_PORT [SECONDS] [TOP]');
const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as {
  title?: string;
  url?: string;
  webSocketDebuggerUrl: string;
}[];
const target = targets.find((t) => `${t.title} ${t.url}`.includes('backoffice-ocpp')) ?? targets[0];
if (!target) throw new Error('no inspector target');
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((r, j) => {
  ws.addEventListener('open', r, { once: true });
  ws.addEventListener('error', j, { once: true });
});
let nextId = 0;
const waiting = new Map<number, (v: unknown) => void>();
ws.addEventListener('message', (e) => {
  const m = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
  if (m.id !== undefined) waiting.get(m.id)?.(m.result);
});
const call = (method: string, params: object = {}) =>
  new Promise<unknown>((r) => {
    const id = ++nextId;
    waiting.set(id, r);
    ws.send(JSON.stringify({ id, method, params }));
  });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
await call('Profiler.enable');
await call('Profiler.setSamplingInterval', { interval: 200 });
await call('Profiler.start');
await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
const { profile } = (await call('Profiler.stop')) as {
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
};
ws.close();

// Self time per function, and total (inclusive) time per function, in ms.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
const name = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
const selfBy = new Map<string, number>();
const totalBy = new Map<string, number>();
for (const [id, ms] of self) {
  const node = byId.get(id) as ProfileNode;
  selfBy.set(name(node), (selfBy.get(name(node)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let n: ProfileNode | undefined = node; n; n = byId.get(parentOf.get(n.id) ?? -1)) {
    const k = name(n);
    if (seen.has(k)) continue;
    seen.add(k);
    totalBy.set(k, (totalBy.get(k) ?? 0) + ms);
  }
}
const all = [...self.values()].reduce((a, b) => a + b, 0);
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${all.toFixed(0)} ms sampled)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(shown)))
    console.log(`${v.toFixed(1).padStart(9)} ms ${((100 * v) / all).toFixed(1).padStart(5)}%  ${k}`);
};
print('self time', selfBy);
print('inclusive time', totalBy);
process.exit(0);
