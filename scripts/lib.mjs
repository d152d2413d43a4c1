// Helpers for the project's Node scripts. Every child runs with this script's Node (the one npm
// scripts find in node_modules/.bin, which wrangler accepts), never the machine's older Node.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const modules = (p) => fileURLToPath(new URL(`../node_modules/${p}`, import.meta.url));
export const bin = {
  wrangler: modules('wrangler/bin/wrangler.js'),
  tsx: modules('tsx/dist/cli.mjs'),
  remix: modules('@remix-run/dev/dist/cli.js'),
  vitest: modules('vitest/vitest.mjs'),
  biome: modules('@biomejs/biome/bin/biome'),
  tsc: modules('typescript/bin/tsc'),
};

export const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_D1_WARNING: 'true' };

/** Runs a Node CLI to completion; exits the process on failure. */
export function runNode(script, args, opts = {}) {
  const res = spawnSync(process.execPath, [script, ...args], {
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    env: childEnv,
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    if (opts.quiet) process.stderr.write(`${res.stdout ?? ''}${res.stderr ?? ''}`);
    console.error(`\n✖ ${[script, ...args].join(' ')} failed (exit ${res.status})`);
    process.exit(res.status ?? 1);
  }
  return res;
}

export function startNode(script, args, opts = {}) {
  return spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv, ...opts });
}

export async function waitForHttp(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
