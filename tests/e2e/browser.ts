/** Debian's Chromium driven by playwright-core (no browser download is possible here). */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function openBrowser(
  baseURL: string,
  locale = 'en-GB',
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    locale,
    viewport: { width: 1280, height: 800 },
  });
  context.on('page', waitForHydrationAfterGoto);
  for (const page of context.pages()) waitForHydrationAfterGoto(page);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Makes `page.goto` of an HTML page return once React has hydrated it, so a test never types into
 * or clicks a server-rendered page that React does not own yet (see `hydrated`).
 */
function waitForHydrationAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (response?.headers()['content-type']?.includes('text/html')) await hydrated(page);
    return response;
  };
}

/** Id of the newest message to `to` now (0 when none), without waiting. */
export async function lastMailId(baseURL: string, to: string): Promise<number> {
  const res = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`);
  const body = (await res.json()) as { messages: { id: number }[] };
  return body.messages[0]?.id ?? 0;
}

/** The newest message to `to` in the dev mailbox newer than `after`, polled until it arrives. */
export async function latestMail(
  baseURL: string,
  to: string,
  after = 0,
): Promise<{ id: number; text: string; subject: string }> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await res.json()) as { messages: { id: number; text: string; subject: string }[] };
    const message = body.messages[0];
    if (message && message.id > after) return message;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail for ${to}`);
}

export const DEMO_PASSWORD = 'Demo-2026!';

/**
 * Fills and submits the login form. Leaving the e-mail field asks whether its domain signs in through an
 * identity provider (ADR 048); the click waits for that answer, as a person reading the page would.
 */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  const looked = page.waitForResponse((r) => r.url().includes('/login') && r.request().method() === 'POST');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await looked;
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Logs in as a person would: password, then the e-mailed code read from the dev mailbox. */
export async function loginWithEmailCode(page: Page, baseURL: string, email: string): Promise<void> {
  const before = await lastMailId(baseURL, email);
  await submitLogin(page, email);
  await page.waitForURL('**/2fa');
  const mail = await latestMail(baseURL, email, before);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Where a logged-in session of `email` on this live server is kept between e2e files. */
function savedLoginFile(baseURL: string, email: string): string {
  const dir = join('tests', '.tmp', 'e2e-logins');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${new URL(baseURL).port}-${email}.json`);
}

/**
 * Logs in with the e-mailed code once per live server and account, then reuses that session's
 * cookies in later files. The product allows 5 e-mailed codes per account in 15 minutes, which the
 * files that act as the same super user would otherwise exceed in one run. A reused session that
 * no longer works (logged out, expired) falls back to a full login.
 */
export async function loginOnce(page: Page, baseURL: string, email: string): Promise<void> {
  const file = savedLoginFile(baseURL, email);
  if (existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')));
    await page.goto('/');
    const path = new URL(page.url()).pathname;
    if (!path.startsWith('/login') && !path.startsWith('/2fa')) return;
    await page.context().clearCookies();
  }
  await loginWithEmailCode(page, baseURL, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/2fa') && !url.pathname.startsWith('/login'));
  writeFileSync(file, JSON.stringify(await page.context().cookies()));
}

/**
 * Waits until React has hydrated the current document (the root marks `<html data-hydrated>`).
 * Call it after a navigation that loads a whole document and before typing or clicking: before
 * hydration a click submits the form natively and hydration resets what was typed into a
 * controlled field.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The button that opens a page's rolled-up actions, when visible. Polaris rolls a page's secondary
 * actions into "More actions" when it measures too little width for them, and on a narrow page into
 * "View actions for <title>"; the rolled-up buttons stay in the page, hidden, for its measuring.
 */
export function rolledUpPageActions(page: Page) {
  return page.getByRole('button', { name: /^(More actions|View actions for)/ }).filter({ visible: true });
}

/**
 * Clicks the page action `name` (a secondary action of a Polaris page, shown or rolled up) until
 * `opened` is there, e.g. its confirmation. Each try clicks the visible action, else opens the
 * rolled-up actions (never toggling them shut): a click that lands before the page is interactive
 * does nothing. A dialog other than `opened` (a neighbouring action's, hit while Polaris lays the
 * actions out again after measuring them) is closed with Escape and the action clicked again.
 */
export async function openPageAction(page: Page, name: string, opened: Locator): Promise<void> {
  const action = page.getByRole('button', { name, exact: true }).filter({ visible: true });
  const more = rolledUpPageActions(page);
  await expect
    .poll(
      async () => {
        if ((await opened.count()) > 0) return true;
        if ((await page.getByRole('dialog').count()) > 0) {
          await page.keyboard.press('Escape');
          return false;
        }
        const target = (await action.count()) > 0 ? action : more;
        await target
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined); // a slow machine: try again at the next poll
        return (await opened.count()) > 0;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/** Done logging in: anywhere past the login and code pages. */
const pastLogin = (url: URL) => !url.pathname.startsWith('/2fa') && !url.pathname.startsWith('/login');

export interface LoggedInPage {
  context: BrowserContext;
  page: Page;
}

/**
 * One browser per test file, logged in once as `email` with the e-mailed code before the file's
 * tests and closed after them. Waits for `landing` when given (a glob such as
 * `'**\/connectors/overview'`, asserting where that user lands), otherwise for any page past the
 * login. `onOpen` receives the page and its context once logged in. Hooks run in the order they are
 * registered, so a file's own `beforeAll` registered earlier (a charger connecting) runs first.
 */
export function loggedInPage(
  email: string,
  options: { landing?: string },
  onOpen: (opened: LoggedInPage) => void,
): void {
  const baseURL = inject('baseURL');
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
  beforeAll(async () => {
    browser = await openBrowser(baseURL);
    const page = await browser.context.newPage();
    await loginWithEmailCode(page, baseURL, email);
    await page.waitForURL(options.landing ?? pastLogin);
    onOpen({ context: browser.context, page });
  });
  afterAll(async () => {
    await browser?.close();
  });
}
