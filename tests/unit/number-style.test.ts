/**
 * White-label separators on the server (ADR 049): the API sets the per-request store from the caller's
 * company, and a Remix request that opened the store first (the web worker) sees what its API calls set,
 * while a concurrent request of another company keeps its own separators.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../domain/format/format';
import type { AppEnv } from '../../workers/api/src/env';
import { companyNumberStyle, withNumberStyle } from '../../workers/api/src/lib/number-style';

function apiOf(whiteLabel: boolean) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('auth', { company: { whiteLabel } } as never);
    await next();
  });
  app.use(companyNumberStyle);
  app.get('/n', async (c) => {
    await new Promise((r) => setTimeout(r, 5));
    return c.text(formatDecimal(1234.5));
  });
  return app;
}

describe('number style per request', () => {
  it('answers with the caller company’s separators, concurrent requests apart', async () => {
    const [swapped, plain] = await Promise.all([
      Promise.resolve(apiOf(true).request('/n')).then((r) => r.text()),
      Promise.resolve(apiOf(false).request('/n')).then((r) => r.text()),
    ]);
    expect(swapped).toBe('1,234.50');
    expect(plain).toBe('1.234,50');
    expect(formatDecimal(1234.5)).toBe('1.234,50');
  });

  it('lets a page render with the separators its API calls set', async () => {
    const rendered = await withNumberStyle(async () => {
      await apiOf(true).request('/n');
      return formatDecimal(1234.5);
    });
    expect(rendered).toBe('1,234.50');
  });
});
