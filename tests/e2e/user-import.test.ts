/** The fleet user import in a browser: template link, a bad file's errors and report, then a good file imported and listed. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../domain/import/xlsx-reader';
import { buildWorkbook } from '../support/test-workbook';
import { sheetJsXls } from '../support/test-xls';
import { loggedInPage } from './browser';

let page: Page;

const HEADER = ['email', 'first_name', 'last_name', 'corporate_group', 'license_plate', 'can_charge_work'];
const stamp = Date.now();

const xlsx = (rows: (string | null)[][]) => ({
  name: 'drivers.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer: Buffer.from(buildWorkbook([HEADER, ...rows])),
});

loggedInPage('fleet-manager@fleetwise.test', {}, (opened) => {
  page = opened.page;
});

describe('user import', () => {
  it('is linked from the user list and offers the template', async () => {
    await page.goto('/fleet/users');
    await page.getByRole('link', { name: 'Import from Excel' }).click();
    await page.waitForURL('**/fleet/users/import');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Template', exact: true }).click(),
    ]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const header = readXlsx(new Uint8Array(readFileSync(path)))[0];
    expect([...(header?.cells.values() ?? [])].map((c) => (c.kind === 'text' ? c.text : ''))).toContain('email');
  });

  it('shows the import errors of a bad file and imports nothing', async () => {
    await page.goto('/fleet/users/import');
    await page.locator('input[type="file"]').setInputFiles(
      xlsx([
        [`good-${stamp}@fleetwise.test`, 'Good', 'Row', 'Sales', 'AB-123-CD', 'yes'],
        ['not-an-email', 'Bad', 'Row', 'Sales', 'AB-123-CD', 'yes'],
      ]),
    );
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => page.getByText('Import errors').count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'Enter a valid e-mail address.' }).count()).toBe(1);
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the error report' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('drivers-errors.xlsx');
    await page.goto(`/fleet/users?q=good-${stamp}`);
    await expect.poll(() => page.getByText('No users match').count()).toBe(1);
  });

  it('checks, confirms and imports a good file, and the users appear in /fleet/users', async () => {
    await page.goto('/fleet/users/import');
    await page.locator('input[type="file"]').setInputFiles(
      xlsx([
        [`imported-a-${stamp}@fleetwise.test`, 'Iris', 'Import', 'Sales', 'AB-123-CD', 'yes'],
        [`imported-b-${stamp}@fleetwise.test`, 'Ivan', 'Import', 'Sales', 'EF-456-GH', 'yes'],
      ]),
    );
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => page.getByText('Users ready to import: 2. Nothing has been imported yet.').count()).toBe(1);
    await page.getByRole('button', { name: 'Import 2 users' }).click();
    await expect.poll(() => page.getByText('Import 2 users?').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Import 2 users' }).click();
    await expect.poll(() => page.getByText('Import finished').count()).toBe(1);
    await page.getByRole('link', { name: 'View the users' }).click();
    await page.waitForURL('**/fleet/users');
    await page.goto(`/fleet/users?q=${stamp}`);
    await expect.poll(() => page.getByText('Iris Import').count()).toBe(1);
    expect(await page.getByText('Ivan Import').count()).toBe(1);
  });

  it('imports a legacy .xls file (Excel 97–2003) the same way', async () => {
    await page.goto('/fleet/users/import');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'drivers.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: Buffer.from(
        sheetJsXls([HEADER, [`legacy-${stamp}@fleetwise.test`, 'Léa', 'Ancien', 'Sales', 'AB-123-CD', 'yes']], {
          sst: true,
        }),
      ),
    });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect.poll(() => page.getByText('Users ready to import: 1. Nothing has been imported yet.').count()).toBe(1);
    await page.getByRole('button', { name: 'Import 1 users' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Import 1 users' }).click();
    await expect.poll(() => page.getByText('Import finished').count()).toBe(1);
    await page.goto(`/fleet/users?q=legacy-${stamp}`);
    await expect.poll(() => page.getByText('Léa Ancien').count()).toBe(1);
  });
});
