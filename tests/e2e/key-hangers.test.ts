/**
 * The RFID card screens (issue 24 section 4), one journey as the RFID manager of the Fleetwise demo
 * (role 59, service 47): create a card, find it in the list, block it after the irreversible
 * confirmation, and check it on the check page, which says Blocked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage, openPageAction } from './browser';

let page: Page;

loggedInPage('rfid@fleetwise.test', {}, (opened) => {
  page = opened.page;
});

describe('key hanger screens', () => {
  it('creates a card, finds it in the list, blocks it after confirming and checks it', async () => {
    const suffix = Date.now().toString(36).toUpperCase();
    const code = `E2E-${suffix}`;
    const uuid = `E2E${suffix}`;

    await page.goto('/fleet/key-hangers-store');
    await page.getByRole('textbox', { name: 'Visual code' }).fill(code);
    await page.getByRole('textbox', { name: 'UUID' }).fill(uuid);
    await page.getByRole('button', { name: 'Create card' }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Card ${code}` }).count()).toBe(1);

    await page.goto(`/fleet/key-hangers?q=${code}`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: uuid }).count()).toBe(1);
    await rows.filter({ hasText: uuid }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Card ${code}` }).count()).toBe(1);

    const dialog = page.getByRole('dialog').filter({ hasText: 'Block this card?' });
    await openPageAction(page, 'Block card', dialog);
    await expect.poll(() => dialog.getByText(/Blocking is irreversible/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Block card' }).click();
    await expect.poll(() => page.getByText('Card blocked.').count()).toBeGreaterThan(0);

    await page.goto('/fleet/check-key-hangers');
    await page.getByRole('textbox', { name: 'Card UUID' }).fill(uuid);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const result = page.getByRole('heading', { name: `Card ${uuid}` }).locator('..');
    await expect.poll(() => result.getByText('Blocked', { exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByText('The RFID has been blocked.').count()).toBe(1);
  });
});
