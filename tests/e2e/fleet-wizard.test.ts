/** The fleet user wizard in a browser: step checks with the spec's messages, public confirmation, save, detail. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInPage } from './browser';

let page: Page;

loggedInPage('fleet-manager@fleetwise.test', {}, (opened) => {
  page = opened.page;
});

describe('fleet users', () => {
  it('lists the demo drivers with a charging one', async () => {
    await page.goto('/fleet/users?status=charging');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByText('Camille Durand').count()).toBe(1);
  });

  it('creates a user through the wizard', async () => {
    const email = `wizard-${Date.now()}@fleetwise.test`;
    await page.goto('/fleet/users/create');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Email is mandatory.').count()).toBeGreaterThan(0);
    expect(await page.getByText('A corporate group must be selected.').count()).toBeGreaterThan(0);

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Wizard');
    await page.getByLabel('Corporate group').selectOption({ label: 'Sales' });
    await page.getByLabel('License plate').fill('AB123CD');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.getByText('The license plate must match the French pattern, e.g. AB-999-CD.').count())
      .toBeGreaterThan(0);
    await page.getByLabel('License plate').fill('AB-123-CD');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: no permission yet is refused; public asks for confirmation.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.getByText('At least one charging permission must be chosen.').count())
      .toBeGreaterThan(0);
    await page.getByLabel('Public').click({ force: true });
    await expect.poll(() => page.getByText('Allow public charging?').count()).toBe(1);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Monthly').fill('12,5');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Use a dot as the decimal separator.').count()).toBeGreaterThan(0);
    await page.getByLabel('Monthly').fill('150');
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/fleet\/users\/detail\/\d+/);
    await expect.poll(() => page.getByText('User created').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Wanda Wizard' }).count()).toBe(1);
    expect(await page.getByText('0 of 150 kWh').count()).toBe(1);
  });

  it('places a user in company groups with the picker and finds them with the list filter', async () => {
    const email = `groups-${Date.now()}@fleetwise.test`;
    await page.goto('/fleet/users/create');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('First name').fill('Gaspard');
    await page.getByLabel('Last name').fill(`Groups${Date.now() % 100000}`);
    await page.getByLabel('Corporate group').selectOption({ label: 'Sales' });
    await page.getByLabel('License plate').fill('GR-456-LI');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Work').click({ force: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 4: one select per level, labelled with the company's own level labels.
    await expect.poll(() => page.getByLabel('Region').count()).toBe(1);
    expect(await page.getByLabel('Site').count()).toBe(1);
    expect(await page.getByLabel('Group 3').count()).toBe(0);
    await page.getByLabel('Region').selectOption({ label: 'North' });
    await page.getByLabel('Site').selectOption({ label: 'Lille depot' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Region: North, Site: Lille depot').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/fleet\/users\/detail\/\d+/);

    // The list filter: the same picker inside the filter popover; the URL keeps it.
    await page.goto(`/fleet/users?q=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByText(email).count()).toBe(1);
    await page.goto('/fleet/users');
    await page.getByRole('button', { name: /Search and filter/ }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByText('Company groups', { exact: true }).last().click();
    await page.getByLabel('Site').selectOption({ label: 'Lyon depot' });
    await page.waitForURL(/group2=\d+/);
    await expect.poll(() => page.getByText(email).count()).toBe(0);
    await expect.poll(() => page.getByText('Camille Durand').count()).toBeGreaterThan(0);
    await page.getByLabel('Site').selectOption({ label: 'Lille depot' });
    await expect.poll(() => page.getByText('Camille Durand').count()).toBe(0);
    await expect.poll(() => page.getByText(email).count()).toBe(1);
    const lille = new URL(page.url()).searchParams.get('group2');
    // A reload keeps the filter (it lives in the URL).
    await page.goto(`/fleet/users?group2=${lille}`);
    await expect.poll(() => page.getByText(email).count()).toBe(1);
    expect(await page.getByText('Camille Durand').count()).toBe(0);
  });

  it('shows the overview, a user statistics page and the corporate groups', async () => {
    await page.goto('/fleet/overview');
    await expect.poll(() => page.getByText('Users near their limits').count()).toBeGreaterThan(0);
    expect(await page.getByText('Camille Durand').count()).toBeGreaterThan(0);
    await page.getByText('Camille Durand').first().click();
    await page.waitForURL(/\/fleet\/users\/detail\/\d+/);
    const id = /detail\/(\d+)/.exec(page.url())?.[1];
    await page.goto(`/fleet/users/kpi/${id}`);
    await expect.poll(() => page.locator('svg rect').count()).toBeGreaterThan(6);
    // Spend (per currency) and CO2 avoided beside consumption and sessions (issue 21 part 8).
    expect(await page.getByText("Spend (the driver's price)", { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByText('CO2 avoided (kg)').count()).toBeGreaterThan(0);
    await page.goto('/fleet/corporate-groups');
    await expect.poll(() => page.getByText('Field technicians').count()).toBe(1);
    await page.getByText('Field technicians').click();
    await page.waitForURL(/\/fleet\/corporate-groups\/\d+$/);
    await expect.poll(() => page.getByText('Hugo Robert').count()).toBe(1);
  });
});
