/** The password reset request page in a browser: its heading and intro, the e-mail check, the neutral confirmation. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, openBrowser } from './browser';

const baseURL = inject('baseURL');
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  browser = await openBrowser(baseURL);
});

afterAll(async () => {
  await browser?.close();
});

describe('/reset-password', () => {
  it('shows its heading, refuses an empty e-mail and confirms without telling whether the account exists', async () => {
    const page = await browser.context.newPage();
    await page.goto('/reset-password');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1, name: 'Reset your password' }).count()).toBe(1);
    expect(
      await page
        .getByText('Enter the e-mail address of your account. We will send you a link to choose a new password.')
        .count(),
    ).toBe(1);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.getByText('E-mail is required.').count()).toBeGreaterThan(0);
    await page.getByLabel('E-mail').fill('nobody-here@example.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect
      .poll(() => page.getByText('If an account exists for this address, we have sent it a link').count())
      .toBe(1);
  });
});
