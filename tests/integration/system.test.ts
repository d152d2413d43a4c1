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
