/** Cross-site writes with the session cookie are refused; same-origin, bearer and non-browser calls pass. */
import { describe, expect, it } from 'vitest';
import { BASE, call, expectError, failOnConsoleError, login, world } from './helpers';

failOnConsoleError();

const CROSS_SITE = {
  code: 'CROSS_SITE_REQUEST',
  message: "Forbidden resource. You don't have the permission to request this resource.",
};

async function loggedIn() {
  const w = await world();
  return login(w.email, w.password, w.ip);
}

describe('cookie-authenticated writes from another site', () => {
  it('refuses a body-less POST with a foreign Origin and leaves the session alive', async () => {
    const session = await loggedIn();
    const res = await call('/logout', {
      cookie: session.cookie,
      ip: session.ip,
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    await expectError(res, 403, CROSS_SITE);
    expect((await call('/me', { cookie: session.cookie, ip: session.ip })).status).toBe(200);
  });

  it('refuses Origin: null and, without Origin, Sec-Fetch-Site cross-site or same-site', async () => {
    const session = await loggedIn();
    for (const headers of <Record<string, string>[]>[
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await call('/logout', { cookie: session.cookie, ip: session.ip, method: 'POST', headers });
      await expectError(res, 403, CROSS_SITE);
    }
    expect((await call('/me', { cookie: session.cookie, ip: session.ip })).status).toBe(200);
  });

  it('refuses a cross-site login post too', async () => {
    const w = await world();
    const res = await call('/login', {
      ip: w.ip,
      json: { email: w.email, password: w.password },
      headers: { origin: 'https://evil.example' },
    });
    await expectError(res, 403, CROSS_SITE);
  });

  it('lets reads through whatever their origin', async () => {
    const session = await loggedIn();
    const res = await call('/me', {
      cookie: session.cookie,
      ip: session.ip,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });
});

describe('writes that pass', () => {
  it('same origin (Origin or Sec-Fetch-Site)', async () => {
    for (const headers of <Record<string, string>[]>[{ origin: BASE }, { 'sec-fetch-site': 'same-origin' }]) {
      const session = await loggedIn();
      const res = await call('/logout', { cookie: session.cookie, ip: session.ip, method: 'POST', headers });
      expect(res.status).toBe(200);
      expect((await call('/me', { cookie: session.cookie, ip: session.ip })).status).toBe(401);
    }
  });

  it('neither header: a server or the in-process client of the web app', async () => {
    const session = await loggedIn();
    const res = await call('/logout', { cookie: session.cookie, ip: session.ip, method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('a bearer token, which no browser attaches on its own, from any origin', async () => {
    const session = await loggedIn();
    const res = await call('/logout', {
      token: session.token,
      ip: session.ip,
      method: 'POST',
      headers: { origin: 'https://integrator.example' },
    });
    expect(res.status).toBe(200);
  });
});
