/**
 * The safe configuration is the default one (issue 24): the top level of wrangler.toml, which a
 * `wrangler deploy` without `--env` ships, carries no secret and compiles the dev mailbox out;
 * development settings live in [env.dev]; and a worker without SESSION_SECRET refuses to serve.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { missingConfiguration } from '../../workers/web/required-config';

/** The parts of wrangler's resolved configuration read here. */
interface Resolved {
  name?: string;
  define: Record<string, string>;
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_id?: string }[];
  r2_buckets: { binding: string }[];
  durable_objects: { bindings: { name: string; class_name: string; script_name?: string }[] };
  services?: { binding: string; service: string }[];
}
const read = (config: string, env?: string): Resolved =>
  unstable_readConfig({ config, env }, { hideWarnings: true }) as unknown as Resolved;
const bindingsOf = (c: Resolved) => ({
  d1: c.d1_databases.map((d) => [d.binding, d.database_id]),
  r2: c.r2_buckets.map((r) => r.binding),
  objects: c.durable_objects.bindings.map((b) => [b.name, b.class_name, b.script_name ?? null]),
});

describe('wrangler.toml', () => {
  it.each([undefined, 'production'])('env %s: no secret, no dev tools, APP_ENV production', (env) => {
    const c = read('wrangler.toml', env);
    expect(c.vars).not.toHaveProperty('SESSION_SECRET');
    expect(c.define.__DEV_TOOLS__).toBe('false');
    expect(c.vars.APP_ENV).toBe('production');
  });

  it('keeps the development settings in [env.dev], with the same bindings and worker names', () => {
    const top = read('wrangler.toml');
    const dev = read('wrangler.toml', 'dev');
    expect(dev.name).toBe(top.name);
    expect(dev.define.__DEV_TOOLS__).toBe('true');
    expect(dev.vars.APP_ENV).toBe('development');
    expect(String(dev.vars.SESSION_SECRET).length).toBeGreaterThanOrEqual(32);
    expect(bindingsOf(dev)).toEqual(bindingsOf(top));
    expect((dev.services ?? []).map((s) => [s.binding, s.service])).toEqual([['OCPP', 'backoffice-ocpp']]);
    const ocpp = read('workers/ocpp/wrangler.toml');
    const ocppDev = read('workers/ocpp/wrangler.toml', 'dev');
    expect(ocppDev.name).toBe(ocpp.name);
    expect(bindingsOf(ocppDev)).toEqual(bindingsOf(ocpp));
    expect(ocppDev.vars).toEqual(ocpp.vars);
  });
});

describe('a worker without SESSION_SECRET', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses every request with a 503 naming the setting, and says so in the log once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const SESSION_SECRET of [undefined, '', 'too-short']) {
      const res = missingConfiguration({ SESSION_SECRET });
      expect(res?.status).toBe(503);
      expect(await res?.text()).toContain('SESSION_SECRET');
    }
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]?.[0])).toContain('wrangler secret put SESSION_SECRET');
  });

  it('serves once the secret is set', () => {
    expect(missingConfiguration({ SESSION_SECRET: 'a-production-secret-of-at-least-32-chars' })).toBeNull();
  });
});
