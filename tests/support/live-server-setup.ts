/**
 * Starts the built product the way `npm start` does (both workers under one `wrangler dev`,
 * migrations applied, demo data seeded) on a free loopback port with a fresh state directory.
 * The migrations and the seed (most of the start-up time) run once per vitest run; each project's
 * server starts from its own copy of that state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { childEnv, freePort, node, runNode, wrangler } from '../../scripts/node-processes';
import { startStripeFake } from '../../scripts/stripe-fake/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The local Stripe-compatible server the product under test calls. */
    stripeURL: string;
  }
}

/** wrangler.toml's development webhook secret ([env.dev.vars] STRIPE_WEBHOOK_SECRET). */
const DEV_WEBHOOK_SECRET = 'whsec_local_development_only';

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready in 90 s:\n${log()}`);
}

/** A migrated and seeded state folder, made by the first project that asks and removed at exit. */
function seededState(): string {
  const template = `tests/.tmp/live-state-seeded-${process.pid}`;
  const done = `${template}/.seeded`;
  if (!existsSync(done)) {
    rmSync(template, { recursive: true, force: true });
    process.once('exit', () => rmSync(template, { recursive: true, force: true }));
    runNode([wrangler, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', template]);
    runNode(['node_modules/tsx/dist/cli.mjs', 'scripts/seed.ts'], { PERSIST_DIR: template });
    writeFileSync(done, '');
  }
  return template;
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const inspector = await freePort();
  // One folder per project: e2e and ocpp-live run in the same process and must not share state.
  const state = `tests/.tmp/live-state-${project.name}-${process.pid}`;
  rmSync(state, { recursive: true, force: true });
  cpSync(seededState(), state, { recursive: true });
  // Billing runs against the project's local Stripe-compatible server, which signs its webhooks
  // back to this server's endpoint as Stripe would (the secret is wrangler.toml's development one).
  const stripe = await startStripeFake({
    port: 0,
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
    webhookSecret: DEV_WEBHOOK_SECRET,
  });

  let output = '';
  const child = spawn(
    node,
    [
      wrangler,
      'dev',
      '-c',
      'wrangler.toml',
      '-c',
      'workers/ocpp/wrangler.toml',
      '--env',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspector),
      '--persist-to',
      state,
      '--var',
      `STRIPE_API_BASE:${stripe.url}`,
      '--show-interactive-dev-session=false',
    ],
    { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/api/client-version`, child, () => output.slice(-4000));
  project.provide('baseURL', baseURL);
  project.provide('stripeURL', stripe.url);

  return async () => {
    child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(state, { recursive: true, force: true });
    await stripe.close();
  };
}
