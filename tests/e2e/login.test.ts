/**
 * A person's first minutes with the product, in a real browser against the real workers:
 * log in, read the 2FA code from the dev mailbox, land on the overview with the right navigation,
 * switch language, log out; pair an authenticator and log in with a TOTP code computed here.
 */
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { loginWithEmailCode as loginAs, openBrowser, submitLogin as submit } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeEach(async () => {
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
});
afterEach(async () => {
  await browser.close();
});

const submitLogin = (email: string) => submit(page, email);
const loginWithEmailCode = (email: string) => loginAs(page, baseURL, email);

const navLinks = async () =>
  (await page.getByRole('navigation').getByRole('link').allTextContents()).map((t) => t.trim()).filter(Boolean);

describe('logging in', () => {
  it('refuses a wrong password with the spec message', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('admin@voltaria.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => page.getByText('Something went wrong, check your credentials.').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends the root to /login when logged out', async () => {
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('passes 2FA by e-mail and lands on the connectors overview with the operator navigation', async () => {
    await loginWithEmailCode('admin@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).count()).toBeGreaterThan(0);
    const links = await navLinks();
    expect(links).toContain('Overview');
    expect(links).toContain('Onboard a station');
    // The operator company is no fleet: its admin sees no fleet area until switching to the fleet company.
    expect(links).not.toContain('Fleet overview');
    // Totals come from the seeded connectors.
    await expect.poll(() => page.getByText('All connectors').count()).toBeGreaterThan(0);
  });

  it('shows a fleet manager only the fleet area', async () => {
    await loginWithEmailCode('fleet-manager@fleetwise.test');
    await page.waitForURL('**/fleet/overview');
    // The overview's live data can briefly hide the frame from the accessibility tree: wait for it.
    await expect.poll(navLinks).toContain('Fleet overview');
    const links = await navLinks();
    expect(links).not.toContain('Onboard a station');
    expect(links).not.toContain('Overview');
  });

  it('switches the language to German and back, then logs out', async () => {
    await loginWithEmailCode('maint-basic@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page
      .getByRole('button', { name: 'Deutsch' })
      .or(page.getByRole('menuitem', { name: 'Deutsch' }))
      .first()
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Übersicht' }).count()).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page
      .getByRole('button', { name: 'Abmelden' })
      .or(page.getByRole('menuitem', { name: 'Abmelden' }))
      .first()
      .click();
    await page.waitForURL('**/login**');
    await page.goto('/connectors/overview');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('development mailbox', () => {
  it('shows the e-mailed login code of a recipient', async () => {
    await submitLogin('support@voltaria.test');
    await page.waitForURL('**/2fa');
    await page.goto('/dev/mailbox?to=support@voltaria.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Your login code' }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/Your login code is \d{6}\./).count()).toBeGreaterThan(0);
  });
});

describe('where a user may go', () => {
  it('answers a page without permission with "Error 403" and sends the user back', async () => {
    await loginWithEmailCode('fleet-view@fleetwise.test');
    await page.waitForURL('**/fleet/overview');
    await page.goto('/connectors/overview');
    await expect.poll(() => page.getByText('Error 403').count()).toBeGreaterThan(0);
    await page.waitForURL('**/fleet/overview');
  });

  it('shows the 404 page for an unknown path when logged in', async () => {
    await loginWithEmailCode('admin@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    // Still inside the frame: the navigation stays.
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Overview', exact: true }).count()).toBe(1);
  });
});

describe('authenticator app', () => {
  it('pairs with the QR secret, logs in with a TOTP code, and asks only for the code next time', async () => {
    await submitLogin('superuser@voltaria.test');
    await page.waitForURL('**/2fa-qr');
    const secret = ((await page.getByTitle('Secret key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByRole('img', { name: 'QR code to pair your authenticator app' }).count()).toBe(1);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const pairedStep = Math.floor(Date.now() / 30_000);
    await page.getByLabel('Code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/connectors/overview');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page
      .getByRole('button', { name: 'Log out' })
      .or(page.getByRole('menuitem', { name: 'Log out' }))
      .first()
      .click();
    await page.waitForURL('**/login**');

    await submitLogin('superuser@voltaria.test');
    await page.waitForURL('**/2fa-qr');
    expect(await page.getByTitle('Secret key').count()).toBe(0);
    // A code of the step already used is refused as a replay: wait for the next step.
    while (Math.floor(Date.now() / 30_000) === pairedStep) await new Promise((r) => setTimeout(r, 500));
    await page.getByLabel('Code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/connectors/overview');
  });
});
