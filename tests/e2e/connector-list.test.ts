/**
 * The connector list in a browser: filters and sort live in the URL, search narrows the rows, and every
 * matching row (all pages) can be added to a connector group at once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loggedInPage, loginOnce } from './browser';

const baseURL = inject('baseURL');
let context: BrowserContext;
let page: Page;

loggedInPage('cpm-view@voltaria-sud.test', { landing: '**/connectors/overview' }, (opened) => {
  page = opened.page;
  context = opened.context;
});

const rows = () => page.locator('tbody tr');

describe('connector list', () => {
  it("shows only the sub-operator's connectors, filtered and sorted from the URL", async () => {
    // Voltaria Sud operates the Marseille and Nice stations: 6 stations × 2 connectors.
    await page.goto('/connectors/list');
    await expect.poll(() => page.getByText('12 connectors').count()).toBeGreaterThan(0);
    await page.goto('/connectors/list?power=DC&sort=city+desc');
    await expect.poll(() => rows().count()).toBe(4);
    // Column 1 is the bulk-selection checkbox, then EVSE id, station, city.
    const cities = await page.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(cities).toEqual(['Nice', 'Nice', 'Marseille', 'Marseille']);
  });

  it('narrows the rows by a search and keeps it in the URL', async () => {
    await page.goto('/connectors/list?q=Nice');
    await expect.poll(() => rows().count()).toBe(6);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Nice');
    await page.goto('/connectors/list?q=no-such-connector');
    await expect.poll(() => page.getByText('No connectors match').count()).toBe(1);
  });

  it("opens a connector from the list and shows its and its station's fields", async () => {
    await page.goto('/connectors/list?q=VLT-NIC-003');
    await expect.poll(() => rows().count()).toBe(2);
    await rows().first().click();
    await page.waitForURL(/\/connectors\/\d+\/detail$/);
    await expect.poll(() => page.getByRole('heading', { name: /^Connector FR\*VLT\*EVLTNIC003/ }).count()).toBe(1);
    expect(await page.getByText('150 kW').count()).toBeGreaterThan(0);
    expect(await page.getByText('VLT-NIC-003', { exact: true }).count()).toBe(1);
  });

  it("answers another company's connector with the 404 page", async () => {
    // Connector 1 belongs to Paris, operated by the parent company, outside Voltaria Sud's tree.
    const res = await page.goto('/connectors/1/detail');
    expect(res?.status()).toBe(404);
  });

  it('selects every matching connector across pages and adds them all to a group, after confirming the count', async () => {
    await context.clearCookies();
    page = await context.newPage();
    await loginOnce(page, baseURL, 'superuser-op@voltaria.test');
    await page.waitForURL('**/connectors/overview');
    const name = `E2E all ${Date.now()}`;
    await page.goto('/connectors/add-group');
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL(/\/connectors\/groups\/\d+$/);

    // The whole list: more connectors than one page shows.
    await page.goto('/connectors/list');
    const label = page.getByText(/· \d+ connectors/);
    await expect.poll(() => label.count()).toBe(1);
    const total = Number(/· (\d+) connectors/.exec((await label.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(25);
    await expect.poll(() => rows().count()).toBe(25);
    // The header's own checkbox (Polaris also renders a copy in its sticky header, off screen).
    // Clicked again only while unchecked: a click before hydration selects nothing.
    const selectAll = page.getByRole('button', { name: `Select all ${total} matching connectors` });
    await expect
      .poll(async () => {
        await page
          .locator('table thead')
          .getByLabel('Select all Connectors')
          .evaluate((el) => {
            if (!(el as HTMLInputElement).checked) (el as HTMLElement).click();
          });
        return selectAll.isVisible();
      })
      .toBe(true);
    await selectAll.click();
    await expect.poll(() => page.getByText(`All ${total} connectors matching the filter are selected`).count()).toBe(1);
    await page.getByRole('button', { name: 'Add to group…' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Selected connectors: ${total}.`).count()).toBe(1);
    await dialog.getByLabel('Group').selectOption({ label: `${name} (Connectors: 0)` });
    // The change runs as chunks the browser applies one by one. The first chunk's answer is held to
    // see the progress, then made to fail once, to see the failure counted and retried.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunks = '**/api/groups/*/bulk/jobs/*/chunks/*';
    await page.route(chunks, async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error-msg":"Try later."}' });
    });
    await dialog.getByRole('button', { name: 'Add to group' }).click();
    await expect.poll(() => page.getByText(`0 of ${total} connectors`).count()).toBe(1);
    expect(await page.locator('progress').first().getAttribute('value')).toBe('0');
    release();
    await expect.poll(() => page.getByText('Part of the change failed').count()).toBe(1);
    expect(await page.getByText(`Added to “${name}”: 0. Already in the group: 0. Failed: ${total}.`).count()).toBe(1);
    await page.unroute(chunks);
    await page.getByRole('button', { name: `Retry what was not applied (${total})` }).click();
    await expect
      .poll(() => page.getByText(`Added to “${name}”: ${total}. Already in the group: 0. Failed: 0.`).count())
      .toBe(1);
    expect(await page.getByText('Group changed').count()).toBe(1);

    // The group now holds every connector of the list, not only the first page's.
    await page.goto(`/connectors/groups?q=${encodeURIComponent(name)}`);
    const groupRow = page.locator('tbody tr').filter({ hasText: name });
    await expect.poll(() => groupRow.count()).toBe(1);
    expect(await groupRow.textContent()).toContain(String(total));
  });
});
