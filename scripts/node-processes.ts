/**
 * @module Child processes for the scripts and test harnesses that start the product: every child
 * runs with this process's Node (the newer one npm scripts find in node_modules/.bin).
 */
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const node = process.execPath;
export const wrangler = 'node_modules/wrangler/bin/wrangler.js';
export const tsx = 'node_modules/tsx/dist/cli.mjs';
export const childEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_D1_WARNING: 'true' };

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a Node script to completion; throws with its output when it fails. */
export function runNode(args: string[], extraEnv: Record<string, string> = {}): string {
  const res = spawnSync(node, args, {
    env: { ...childEnv, ...extraEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}
