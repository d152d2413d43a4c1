/**
 * @module What every D1 benchmark script shares: integer options from the command line, a temporary
 * state directory removed at the end, a time guard and Ctrl-C handling, so each script stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);

/** `--name N`: an integer from 1 to `max`, or `fallback` when absent. */
export function intOption(name: string, fallback: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  const n = Number(i >= 0 ? args[i + 1] : fallback);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be an integer from 1 to ${max}`);
  return n;
}

export const log = (s: string) => console.log(`▸ ${s}`);

/**
 * A temporary directory for a fresh local D1 (`state`), removed by `cleanUp` (also on Ctrl-C and when
 * the run exceeds `minutes`). `onDispose` registers what must be closed first (the platform proxy).
 */
export function benchWorkspace(prefix: string, minutes: number) {
  const root = mkdtempSync(join(tmpdir(), `${prefix}-`));
  let dispose: (() => Promise<void>) | undefined;
  const cleanUp = async () => {
    await dispose?.().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  setTimeout(async () => {
    console.error(`✖ benchmark exceeded ${minutes} minutes; giving up`);
    await cleanUp();
    process.exit(1);
  }, minutes * 60_000).unref();
  process.on('SIGINT', async () => {
    await cleanUp();
    process.exit(130);
  });
  return {
    state: join(root, 'state'),
    cleanUp,
    onDispose: (f: () => Promise<void>) => {
      dispose = f;
    },
  };
}
