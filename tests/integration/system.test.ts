import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

describe('system', () => {
  it('answers the client version', async () => {
    const res = await SELF.fetch('http://localhost/api/client-version');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: '0.1.0-test' });
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await SELF.fetch('http://localhost/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', 'error-msg': 'Not found' });
  });
});

describe('API reference', () => {
  it('publishes an OpenAPI 3.1 document where every operation declares its access', async () => {
    const res = await SELF.fetch('http://localhost/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter((op) => !op['x-access'])).toEqual([]);
  });

  it('serves a reference page that loads its script from our own assets', async () => {
    const res = await SELF.fetch('http://localhost/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/vendor/scalar-api-reference.js');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });
});
