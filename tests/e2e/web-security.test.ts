/**
 * Issue 24, section 3 and neighbours, against the built product in Chromium: the redirect after
 * login and 2FA stays on the site, cross-site writes are refused, HTML pages carry a CSP that the
 * pages (hydration, the MapLibre map) do not violate, malformed ids are 404 pages, a refused
 * redirect-only page renders the 403 handling, a logged-out unknown path goes to /login, and the
 * reset token never reaches the server in a URL.
 */
import { readdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, lastMailId, latestMail, loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let context: BrowserContext;
let page: Page;
/** CSP violations reported in the page, collected from the start of every document. */
const violations = () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await openBrowser(baseURL);
  context = browser.context;
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
});
afterAll(async () => {
  await browser?.close();
});

/** Reads the 6-digit code of the newest e-mail to `to` newer than `after`. */
async function codeFor(to: string, after: number): Promise<string> {
  const mail = await latestMail(baseURL, to, after);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

describe('the redirect after login and 2FA', () => {
  it('answers the login page for hostile redirectTo values instead of a 500', async () => {
    const anonymous = await openBrowser(baseURL);
    try {
      for (const hostile of ['%2F%09%2Fevil.example', '%0A', '%0D%0Aevil', '%2F%5Cevil.example']) {
        const res = await anonymous.context.request.get(`/login?redirectTo=${hostile}`, { maxRedirects: 0 });
        expect(res.status()).toBe(200);
      }
    } finally {
      await anonymous.close();
    }
  });

  it('drops /\\t/evil.example at login and lands on the landing page after the code', async () => {
    const fresh = await openBrowser(baseURL);
    try {
      const request = fresh.context.request;
      const email = 'network@voltaria.test';
      const before = await lastMailId(baseURL, email);
      const login = await request.post('/login', {
        form: { email, password: DEMO_PASSWORD, redirectTo: '/\t/evil.example' },
        maxRedirects: 0,
      });
      expect(login.status()).toBe(302);
      expect(login.headers().location).toBe('/2fa');
      const code = await codeFor(email, before);
      const passed = await request.post('/2fa', {
        form: { intent: 'verify', code, redirectTo: '/\t/evil.example' },
        maxRedirects: 0,
      });
      expect(passed.status()).toBe(302);
      const location = passed.headers().location ?? '';
      expect(location).toMatch(/^\/[a-z]/);
      expect(new URL(location, baseURL).origin).toBe(baseURL);
    } finally {
      await fresh.close();
    }
  });
});

describe('cross-site writes with the session cookie', () => {
  it('refuses a Remix action and an API call posted from another origin, and allows our own', async () => {
    const evil = { origin: 'https://evil.example' };
    const switched = await page.request.post('/switch-company', {
      form: { companyId: '1' },
      headers: evil,
      maxRedirects: 0,
    });
    expect(switched.status()).toBe(403);
    expect((await page.request.post('/logout', { headers: evil, maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.post('/api/logout', { headers: evil })).status()).toBe(403);
    const crossSite = await page.request.post('/logout', {
      headers: { 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    // Still logged in after all of them.
    expect((await page.request.get('/api/me')).status()).toBe(200);
    const preferences = await page.request.post('/preferences', {
      form: { theme: 'light' },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(preferences.status()).not.toBe(403);
  });
});

describe('security headers and the content security policy', () => {
  it('sends the CSP and the other headers on pages, and nosniff on the API', async () => {
    const res = await page.request.get('/connectors/overview');
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain('worker-src');
    expect(csp).not.toContain("'unsafe-eval'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = (await page.request.get('/api/client-version')).headers();
    expect(api['x-content-type-options']).toBe('nosniff');
    expect(api['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('the login page hydrates with no CSP violation', async () => {
    const anonymous = await openBrowser(baseURL);
    try {
      const login = await anonymous.context.newPage();
      const errors: string[] = [];
      login.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await login.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(e.violatedDirective));
      });
      await login.goto('/login'); // returns once <html data-hydrated>
      expect(await login.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    } finally {
      await anonymous.close();
    }
  });

  it('/connectors/overview hydrates and draws the map (MapLibre worker) with no CSP violation', async () => {
    await page.goto('/connectors/overview');
    const map = page.getByTestId('station-map');
    await map.waitFor();
    await expect
      .poll(async () => Number(await map.getAttribute('data-rendered-features')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
});

/** Every page with an id param (`$id`, `$…Id`), its path with that id malformed. */
function malformedIdPaths(): string[] {
  const bad = ['abc', '-1', '0', '99999999999999999999'];
  const paths: string[] = [];
  for (const entry of readdirSync('app/routes')) {
    const name = entry.replace(/\.tsx?$/, '');
    if (!name.startsWith('_app.') || !/\$(id|[a-z][A-Za-z]*Id)(\.|$)/.test(name)) continue;
    const segments = name
      .split('.')
      .slice(1)
      .filter((s) => s !== '_index')
      .map((s) => {
        if (/^\$(id|[a-z][A-Za-z]*Id)$/.test(s)) return bad[paths.length % bad.length] ?? 'abc';
        if (s.startsWith('$')) return 'X-1';
        return s;
      });
    paths.push(`/${segments.join('/')}`);
  }
  return paths;
}

describe('malformed ids', () => {
  it('every page with an id param answers 404 for a malformed id', async () => {
    const paths = malformedIdPaths();
    expect(paths.length).toBeGreaterThanOrEqual(26);
    expect(paths.some((p) => p.startsWith('/settings/'))).toBe(true);
    const statuses: Record<string, number> = {};
    for (const path of paths) statuses[path] = (await page.request.get(path, { maxRedirects: 0 })).status();
    expect(statuses).toEqual(Object.fromEntries(paths.map((p) => [p, 404])));
  });

  it('shows the not-found page', async () => {
    const res = await page.goto('/customer-group/0/overview');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
  });
});

describe('unknown paths', () => {
  it('send a logged-out visitor to /login', async () => {
    const anonymous = await openBrowser(baseURL);
    try {
      const res = await anonymous.context.request.get('/no/such/page', { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toMatch(/^\/login\?/);
      const visitor = await anonymous.context.newPage();
      await visitor.goto('/no/such/page');
      expect(new URL(visitor.url()).pathname).toBe('/login');
    } finally {
      await anonymous.close();
    }
  });
});

describe('a support agent on /settings', () => {
  it('gets the app\'s 403 handling ("Error 403", then the landing page), not a JSON error', async () => {
    const support = await openBrowser(baseURL);
    try {
      const agent = await support.context.newPage();
      await loginOnce(agent, baseURL, 'support@voltaria.test');
      const landing = new URL(agent.url()).pathname;
      const res = await agent.goto('/settings');
      expect(res?.headers()['content-type']).toContain('text/html');
      expect(await agent.getByText('Unexpected Server Error').count()).toBe(0);
      await expect.poll(() => agent.getByText('Error 403').count()).toBeGreaterThan(0);
      await agent.waitForURL((url) => url.pathname === landing);
    } finally {
      await support.close();
    }
  });
});

describe('a key-hanger manager (role 59) on the fleet user export', () => {
  it("lands on the app's 403 page, not a JSON error (issue 24)", async () => {
    const rfid = await openBrowser(baseURL);
    try {
      const manager = await rfid.context.newPage();
      await loginOnce(manager, baseURL, 'rfid@fleetwise.test');
      const res = await manager.goto('/fleet/users/export');
      expect(new URL(manager.url()).pathname).toBe('/forbidden');
      expect(res?.status()).toBe(403);
      expect(res?.headers()['content-type']).toContain('text/html');
      await expect.poll(() => manager.getByText('Error 403').count()).toBeGreaterThan(0);
    } finally {
      await rfid.close();
    }
  });
});

describe('the password reset link', () => {
  it('carries the token in the fragment: no request the browser makes has it in its URL', async () => {
    const email = 'reports@voltaria.test';
    const before = await lastMailId(baseURL, email);
    const asked = await fetch(`${baseURL}/api/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    const mail = await latestMail(baseURL, email, before);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    const token = new URL(link).hash.slice(1);
    expect(token).toMatch(/^[\w-]{40,}$/);

    const anonymous = await openBrowser(baseURL);
    try {
      const visitor = await anonymous.context.newPage();
      const urls: string[] = [];
      visitor.on('request', (r) => urls.push(r.url()));
      await visitor.goto(new URL(link).pathname + new URL(link).hash);
      expect(new URL(visitor.url()).hash).toBe('');
      await visitor.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
      await visitor.getByLabel('Confirm the new password').fill(DEMO_PASSWORD);
      await visitor.getByRole('button', { name: 'Save the password' }).click();
      await expect.poll(() => visitor.getByRole('heading', { name: 'Password changed' }).count()).toBe(1);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((u) => u.includes(token))).toEqual([]);
    } finally {
      await anonymous.close();
    }
  });
});
