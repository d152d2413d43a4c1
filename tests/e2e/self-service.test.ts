/**
 * Driver self-service: the private demo user opens /my-profile, types a mistyped IBAN and is told
 * why, then a good one, which is saved and shown masked (never in clear) after a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('self-charge@prive-recharge.test', {}, (opened) => {
  page = opened.page;
});

describe('personal data on /my-profile', () => {
  it('refuses a bad IBAN with its reason and saves a good one, shown masked', async () => {
    await page.goto(`${baseURL}/my-profile`);
    await expect.poll(() => page.getByRole('heading', { name: 'Personal data' }).count()).toBe(1);
    const iban = page.getByRole('textbox', { name: 'IBAN', exact: true });
    await expect.poll(() => iban.count()).toBe(1);

    await page.getByRole('textbox', { name: 'City' }).fill('Lyon');
    await iban.fill('FR14 2004 1010 0505 0001 3M02 607');
    await page.getByRole('button', { name: 'Save personal data' }).click();
    await expect
      .poll(() => page.getByText('The IBAN check digits do not match: look for a mistyped character.').count())
      .toBeGreaterThan(0);
    // Nothing typed is lost on a refusal.
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Lyon');

    // Once the refusal has settled (Remix reloads the card's data after it), the typed City is still there.
    await expect.poll(() => page.getByRole('button', { name: 'Save personal data' }).isEnabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Lyon');
    await iban.fill('FR14 2004 1010 0505 0001 3M02 606');
    await page.getByRole('button', { name: 'Save personal data' }).click();
    // The newest toast replaces the refusal's: a failure shows what the save answered instead.
    await expect.poll(() => page.locator('.Polaris-Frame-Toast').allTextContents()).toContain('Personal data saved.');

    await page.reload();
    await expect.poll(() => page.getByText('Stored: FR•• •••• 2606. Leave empty to keep it.').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'City' }).inputValue()).toBe('Lyon');
    expect(await page.content()).not.toContain('20041010050500013M02606');
  });
});
