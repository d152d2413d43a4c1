/**
 * Company settings in Chromium: an admin opens /settings (redirected to the selected company), turns the
 * private user list (service setting 52) on or off on the roles and services tab and sees the navigation
 * and the private users screen follow; turning it off asks for confirmation, and Cancel changes nothing.
 * The setting is put back as it was, so the other e2e files see the demo data unchanged.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOnce, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

const PRIVATE_LIST = 'Private user list (52)';
const navLink = () => page.getByRole('navigation').getByRole('link', { name: 'Private users', exact: true });
const toggle = () => page.getByRole('checkbox', { name: PRIVATE_LIST });

beforeAll(async () => {
  browser = await openBrowser(baseURL);
  page = await browser.context.newPage();
  await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
});
afterAll(async () => {
  await browser.close();
});

async function openServicesTab(): Promise<void> {
  await page.goto('/settings');
  await page.waitForURL(/\/settings\/\d+/);
  await page.getByRole('tab', { name: 'Roles and services' }).click();
  await page.waitForURL(/tab=services/);
  await expect.poll(() => toggle().count()).toBe(1);
}

async function save(): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

async function turnOn(): Promise<void> {
  await toggle().check();
  await save();
  await expect.poll(() => page.getByText('Settings saved.').count()).toBeGreaterThan(0);
  await expect.poll(() => navLink().count()).toBe(1);
  await page.goto('/fleet/users/private');
  await expect.poll(() => page.getByRole('heading', { name: 'Private users' }).count()).toBeGreaterThan(0);
}

async function turnOff(): Promise<void> {
  await toggle().uncheck();
  await save();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText(PRIVATE_LIST).count()).toBe(1);
  // Cancel keeps the setting on.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect.poll(() => toggle().isChecked()).toBe(true);
  await expect.poll(() => navLink().count()).toBe(1);

  await toggle().uncheck();
  await save();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off and save' }).click();
  await expect.poll(() => navLink().count()).toBe(0);
  await page.reload();
  await expect.poll(() => toggle().isChecked()).toBe(false);
}

describe('company settings: roles and services', () => {
  it('turns the private user list on and off, and the navigation follows', async () => {
    await openServicesTab();
    const wasOn = await toggle().isChecked();
    if (wasOn) {
      await turnOff();
      await openServicesTab();
      await turnOn();
    } else {
      await turnOn();
      await openServicesTab();
      await turnOff();
    }
  });

  it('refuses an invalid VAT number on the general tab with the spec message, saving nothing', async () => {
    await page.goto('/settings');
    await page.waitForURL(/\/settings\/\d+/);
    const vat = page.getByRole('textbox', { name: 'VAT number' });
    const stored = await vat.inputValue();
    await vat.fill('FR12');
    await save();
    await expect
      .poll(() => page.getByText('The VAT number does not have a valid European format, e.g. FR40123456824.').count())
      .toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'VAT number' }).inputValue()).toBe(stored);
  });

  it('saves the economics tab and shows the value again after a reload', async () => {
    await page.goto('/settings');
    await page.waitForURL(/\/settings\/\d+/);
    await page.getByRole('tab', { name: 'Economics' }).click();
    const cost = () => page.getByRole('textbox', { name: /kWh net cost/ });
    await expect.poll(() => cost().count()).toBe(1);
    const value = (await cost().inputValue()) === '0.2516' ? '0.2517' : '0.2516';
    await cost().fill(value);
    await save();
    await expect.poll(() => page.getByText('Settings saved.').count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => cost().inputValue()).toBe(value);
  });
});
