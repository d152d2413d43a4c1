/** PDF export of the session list in a browser: the button streams the file with progress and downloads it. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage } from './browser';

let page: Page;

loggedInPage('engineer@voltaria.test', { landing: '**/connectors/overview' }, (opened) => {
  page = opened.page;
});

describe('session list PDF export', () => {
  it('clicking Export PDF downloads a PDF of the filtered list', async () => {
    await page.goto('/connectors/sessions?status=closed');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sessions-[a-z_]+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = readFileSync((await download.path()) as string);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    await expect.poll(() => page.getByText(`Export ready: ${download.suggestedFilename()}`).count()).toBe(1);
  });
});
