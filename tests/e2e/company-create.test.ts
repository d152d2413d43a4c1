/**
 * Company creation in Chromium (issue 20 part 1): a super user opens "Create company" from the profile
 * menu, clicks through the four steps, creates a fleet company with a new corporate admin, and sees it
 * in the company list; the new admin opens the invitation from the dev mailbox, sets a password, logs in
 * with the e-mailed code and lands in the new company. The time from "Create company" to the admin's
 * first page is printed for the closing note (a figure, not an assertion).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, lastMailId, latestMail, loginOnce, openBrowser, submitLogin } from './browser';

const baseURL = inject('baseURL');
let superBrowser: Awaited<ReturnType<typeof openBrowser>>;
let adminBrowser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const stamp = Date.now().toString(36);
const companyName = `Wattway Fleet ${stamp}`;
const adminEmail = `wattway-admin-${stamp}@example.test`;
const password = 'Wattway-2026!';

beforeAll(async () => {
  superBrowser = await openBrowser(baseURL);
  page = await superBrowser.context.newPage();
  await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
});
afterAll(async () => {
  await superBrowser?.close();
  await adminBrowser?.close();
});

const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

describe('company creation wizard', () => {
  it('creates a company with a new admin who sets a password from the invitation and logs in', async () => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    const started = Date.now();
    await page
      .getByRole('menuitem', { name: 'Create company' })
      .or(page.getByRole('link', { name: 'Create company', exact: true }))
      .or(page.getByRole('button', { name: 'Create company', exact: true }))
      .first()
      .click();
    await page.waitForURL('**/create-company/step-1');
    await hydrated(page);

    // Step 1: a missing VAT number stops here and keeps what was typed.
    await page.getByLabel('Company name').fill(companyName);
    await page.getByLabel('Country', { exact: true }).selectOption('FR');
    await next();
    await expect
      .poll(() => page.getByText('The European VAT number is required.').count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.getByLabel('Company name').inputValue(), { timeout: 15_000 }).toBe(companyName);
    await page.getByLabel('VAT number').fill('FR40123456824');
    await page.getByLabel('City').fill('Lyon');
    await next();

    // Step 2: a fleet company with user management.
    await page.waitForURL('**/create-company/step-2');
    await page.getByRole('checkbox', { name: 'Fleet', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Manage users (6)' }).check();
    await next();

    // Step 3: a new corporate admin; Back and Next keep the entries.
    await page.waitForURL('**/create-company/step-3');
    await page.getByLabel('E-mail').fill(adminEmail);
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Watt');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL('**/create-company/step-2');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Fleet', exact: true }).isChecked()).toBe(true);
    await next();
    await page.waitForURL('**/create-company/step-3');
    await expect.poll(() => page.getByLabel('E-mail').inputValue(), { timeout: 15_000 }).toBe(adminEmail);
    await next();

    // Step 4: the review, then Create behind a confirmation.
    await page.waitForURL('**/create-company/step-4');
    await expect.poll(() => page.getByText(companyName).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(`Wanda Watt (${adminEmail})`).count()).toBeGreaterThan(0);
    const before = await lastMailId(baseURL, adminEmail);
    await page.getByRole('button', { name: 'Create company', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create company', exact: true }).click();
    await page.waitForURL('**/companies');
    await expect.poll(() => page.getByText(`Company ${companyName} created.`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(companyName, { exact: true }).count()).toBeGreaterThan(0);

    // The new admin: invitation link from the dev mailbox, a password, the e-mailed login code.
    const invitation = await latestMail(baseURL, adminEmail, before);
    const link = /(https?:\/\/\S+\/reset-password\/new#\S+)/.exec(invitation.text)?.[1];
    if (!link) throw new Error(`no link in: ${invitation.text}`);
    adminBrowser = await openBrowser(baseURL);
    const admin = await adminBrowser.context.newPage();
    await admin.goto(link);
    await hydrated(admin);
    await admin.getByLabel('New password', { exact: true }).fill(password);
    await admin.getByLabel('Confirm the new password').fill(password);
    await admin.getByRole('button', { name: 'Save the password' }).click();
    await expect.poll(() => admin.getByText('Password changed').count()).toBeGreaterThan(0);

    const beforeCode = await lastMailId(baseURL, adminEmail);
    await submitLogin(admin, adminEmail, password);
    await admin.waitForURL('**/2fa');
    const code = /\b(\d{6})\b/.exec((await latestMail(baseURL, adminEmail, beforeCode)).text)?.[1] ?? '';
    await admin.getByLabel('Code').fill(code);
    await admin.getByRole('button', { name: 'Verify' }).click();
    await admin.waitForURL((url) => !url.pathname.startsWith('/2fa') && !url.pathname.startsWith('/login'));
    await expect.poll(() => admin.getByText(companyName).count()).toBeGreaterThan(0);
    console.log(`create-company → first login: ${Date.now() - started} ms`);
  });
});
