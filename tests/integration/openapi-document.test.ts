/**
 * The published OpenAPI document is a contract (issue 16: a refactor leaves it byte-identical). The
 * committed copy beside this file is what /api/openapi.json must answer, key order included, except
 * the order of `paths` and `components.schemas`, which follows the order routers are mounted in and is
 * sorted here; a change to the API updates it on purpose with `npx vitest run --project workers -u tests/integration/openapi-document.test.ts`.
 */
import { SELF } from 'cloudflare:test';
import { expect, it } from 'vitest';

it('publishes exactly the committed OpenAPI document', async () => {
  const res = await SELF.fetch('http://localhost/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = (await res.json()) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, unknown> };
  };
  doc.paths = sorted(doc.paths);
  doc.components.schemas = sorted(doc.components.schemas);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  await expect(text).toMatchFileSnapshot('./openapi.snapshot.json');
});

const sorted = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
