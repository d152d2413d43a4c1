/**
 * No route is registered after a parameterised route that would answer for it (ADR 041). Hono runs
 * the handlers of every matching route in registration order and the first answer wins, so
 * GET /connectors/{id} registered before GET /connectors/filter would answer "filter" with a
 * validation error. Folders register literal paths before parameterised ones; this test reads the
 * API's own route table and fails on any pair in the wrong order, wherever the two come from.
 */
import { createApi } from '@api/app';
import { expect, it } from 'vitest';

const PARAM = /:[A-Za-z0-9_]+(?:\{[^}]*\})?/g;

/** A path's pattern with every parameter matching one segment. */
const pattern = (path: string) =>
  new RegExp(
    `^${path
      .split(PARAM)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );

/** A concrete request path for a route: each parameter filled with a value no literal segment has. */
const sample = (path: string) => path.replace(PARAM, '~value~');

it('registers no route after a parameterised route that would answer for it', () => {
  const table: { method: string; path: string }[] = [];
  for (const r of createApi().routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    // A route appears once per middleware and handler; its first registration is the one that counts.
    if (!table.some((t) => t.method === r.method && t.path === r.path)) table.push({ method: r.method, path: r.path });
  }
  expect(table.length).toBeGreaterThan(150);
  const shadowed: string[] = [];
  table.forEach((later, j) => {
    for (const earlier of table.slice(0, j)) {
      if (earlier.method !== later.method || !earlier.path.includes(':')) continue;
      if (pattern(earlier.path).test(sample(later.path)))
        shadowed.push(`${later.method} ${later.path} is answered by ${earlier.path}, registered before it`);
    }
  });
  expect(shadowed).toEqual([]);
});
