/**
 * The vehicle screens: the vehicle-rights manager of the Fleetwise demo searches the fleet's vehicles,
 * opens one, is told why a VIN is wrong, saves a valid edit, creates the telematics webhook (secret
 * shown once) and deletes another vehicle after confirming.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage } from './browser';

const baseURL = inject('baseURL');
let page: Page;

loggedInPage('vehicles@fleetwise.test', {}, (opened) => {
  page = opened.page;
});

describe('vehicle screens', () => {
  it('lists, searches, edits with validation, creates a webhook and deletes with confirmation', async () => {
    await page.goto(`${baseURL}/fleet/vehicles`);
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicles' }).count()).toBe(1);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'FW-103-LY' }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: 'FW-104-LY' }).count()).toBe(1);

    await page
      .getByRole('button', { name: /search and filter/i })
      .first()
      .click();
    await page.getByPlaceholder('Search by plate, VIN, driver, brand or model').fill('Tesla');
    await page.waitForURL(/q=Tesla/);
    await expect.poll(() => rows.filter({ hasText: 'FW-104-LY' }).count()).toBe(0);
    await expect.poll(() => rows.filter({ hasText: 'FW-103-LY' }).count()).toBe(1);

    await page.getByPlaceholder('Search by plate, VIN, driver, brand or model').fill('no-such-vehicle');
    await expect.poll(() => page.getByText('No vehicles').count()).toBe(1);

    await page.getByPlaceholder('Search by plate, VIN, driver, brand or model').fill('FW-103');
    await rows.filter({ hasText: 'FW-103-LY' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicle FW-103-LY' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Battery: 57,5 kWh').count()).toBe(1);

    const vin = page.getByRole('textbox', { name: 'VIN', exact: true });
    await vin.fill('LRW3E7EK4PC12345O');
    await expect
      .poll(() => page.getByText('The VIN may only contain digits and letters other than I, O and Q.').count())
      .toBe(1);
    await vin.fill('LRW3E7EK4PC123457');
    await page.getByRole('textbox', { name: 'Telematics provider' }).fill('Tesla Fleet API');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('The vehicle is saved.').count()).toBe(1);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'VIN', exact: true }).inputValue())
      .toBe('LRW3E7EK4PC123457');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Telematics provider' }).inputValue())
      .toBe('Tesla Fleet API');

    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    await expect.poll(() => page.getByText('Secret fingerprint').count()).toBe(1);

    // Add a vehicle to a driver from the list: a wrong plate is named, then the vehicle opens.
    await page.goto(`${baseURL}/fleet/vehicles`);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Driver e-mail' }).fill('nathan.moreau@fleetwise.test');
    await dialog.getByRole('textbox', { name: 'License plate' }).fill('AB123CD');
    await dialog.getByRole('button', { name: 'Add vehicle' }).click();
    await expect
      .poll(() => dialog.getByText('The license plate must match the French pattern, e.g. AB-999-CD.').count())
      .toBe(1);
    await dialog.getByRole('textbox', { name: 'License plate' }).fill('NM-200-LY');
    await dialog.getByRole('button', { name: 'Add vehicle' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicle NM-200-LY' }).count()).toBe(1);

    await page.goto(`${baseURL}/fleet/vehicles?q=FW-104`);
    await rows.filter({ hasText: 'FW-104-LY' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicle FW-104-LY' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete vehicle' }).first().click();
    await expect.poll(() => page.getByText('Delete this vehicle?').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete vehicle' }).click();
    await page.waitForURL(/\/fleet\/vehicles$/);
    await page.goto(`${baseURL}/fleet/vehicles?q=FW-104`);
    await expect.poll(() => page.getByText('No vehicles').count()).toBe(1);
  });
});
