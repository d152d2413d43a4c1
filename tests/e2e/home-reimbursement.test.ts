/**
 * Home-charging reimbursement (issue 19 part 9), end to end in one browser through the local
 * Stripe-compatible server. The employee of the demo (Thomas Garnier, Fleetwise) lands on
 * /stripe-home-reimbursement, sets up the payout account on the provider's (local) onboarding page,
 * uploads a power contract, and validates last month's reimbursement (written by the monthly job at
 * seed) with an extra expense. The fleet manager then approves it and pays it out; the transfer and
 * payout go to Stripe, and the `payout.paid` event Stripe sends back marks it paid.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { loginWithEmailCode, openBrowser } from './browser';

const baseURL = inject('baseURL');
const stripeURL = inject('stripeURL');

/** A minimal PDF: the upload is typed by its first bytes, not by its name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Reloads until `text` shows (a webhook applied in the background). */
async function reloadUntil(page: Page, text: string | RegExp) {
  await expect
    .poll(
      async () => {
        if ((await page.getByText(text).count()) > 0) return true;
        await page.reload();
        return (await page.getByText(text).count()) > 0;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

describe('home reimbursement journey', () => {
  it('employee sets up payouts, uploads and validates; the manager approves and pays; Stripe confirms it paid', async () => {
    const browser = await openBrowser(baseURL);
    try {
      const page = await browser.context.newPage();

      // 1. The employee: no back-office role, so the reimbursement page is home.
      await loginWithEmailCode(page, baseURL, 'employee@fleetwise.test');
      await page.waitForURL('**/stripe-home-reimbursement');
      await expect.poll(() => page.getByText('Not set up').count()).toBe(1);
      await page.getByRole('button', { name: 'Set up payouts' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${stripeURL}/dev/onboard/`));
      await page.getByRole('button', { name: 'Complete onboarding' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${baseURL}/stripe-home-reimbursement`));
      await reloadUntil(page, 'Ready for payouts');

      // 2. A power contract, typed by content.
      await page.getByLabel('Document', { exact: true }).selectOption({ label: 'Power contract (PDF)' });
      await page.locator('input[type="file"]').setInputFiles({
        name: 'contrat-electricite.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect.poll(() => page.getByText('contrat-electricite.pdf').count()).toBeGreaterThan(0);

      // 3. Last month, validated with a 12.50 extra expense (under the company's 30.00 limit).
      const months = page.locator('tr').filter({ hasText: 'Pending approval' });
      await expect.poll(() => months.count()).toBeGreaterThan(0);
      await months.first().getByRole('button', { name: 'Validate' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Extra expense', { exact: true }).fill('12.50');
      await dialog.getByLabel('What the extra expense is for').fill('Wallbox maintenance');
      await dialog.getByRole('button', { name: 'Validate' }).click();
      await expect.poll(() => page.getByText('Validated by the employee').count()).toBeGreaterThan(0);
      // 36.28 priced across the mid-month tariff change + 12.50.
      await expect.poll(() => page.getByText(/48,78\s€/).count()).toBeGreaterThan(0);

      // 4. The fleet manager approves, then pays it out.
      await browser.context.clearCookies();
      await loginWithEmailCode(page, baseURL, 'fleet-manager@fleetwise.test');
      await page.waitForURL((url) => !url.pathname.startsWith('/2fa') && !url.pathname.startsWith('/login'));
      // Recalculating last month changes nothing: both employees' months (and the declared extra) hold.
      await page.goto(`${baseURL}/fleet/home-reimbursement`);
      await page.getByRole('button', { name: 'Recalculate', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Recalculate', exact: true }).click();
      await expect.poll(() => page.getByText('Unchanged: 2').count()).toBe(1);
      expect(await page.getByText('Changed: 0').count()).toBe(1);
      await page.goto(`${baseURL}/fleet/home-reimbursement?status=validated_by_user`);
      const row = page.locator('tbody tr').filter({ hasText: 'Garnier' });
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole('link').first().click();
      await page.waitForURL(/\/fleet\/home-reimbursement\/user\/\d+\/\d+$/);
      await expect.poll(() => page.getByText(/48,78\s€/).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => page.getByText('Approved by a manager').count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Pay now' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Pay now' }).click();
      // The payout Stripe made sends payout.paid back: the reimbursement ends paid.
      await reloadUntil(page, /^Paid$/);
      expect(await page.getByText('Wallbox maintenance').count()).toBeGreaterThan(0);
      // What the API says, beyond the badge: paid once, with its Stripe transfer and payout.
      const id = /\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
      const answer = await page.request.get(`${baseURL}/api/reimbursement/${id}`);
      const body = (await answer.json()) as { status: string; value: number; events: { toStatus: string }[] };
      expect(body).toMatchObject({ status: 'paid', value: 4_878 });
      expect(body.events.filter((e) => e.toStatus === 'paid')).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});
