/**
 * The dev page of the test clocks (`GET /dev/clocks`): every clock of the platform and its connected
 * accounts with its frozen time and customers, and per clock "Advance by 1 day / 1 week / 1 month"
 * (`POST /dev/clocks/{id}/advance`, `by=day|week|month`), which does what the API's advance does and
 * sends the same events. For a person running `npm start` (see docs/stripe-fake.md).
 */
import type { ServerResponse } from 'node:http';
import { StripeError } from './context';
import { act, esc, html, page } from './dev-pages';
import { advanceTo } from './resources-test-clocks';
import type { State } from './server';
import type { StripeObject } from './store';
import { addInterval } from './subscription-invoice';

const OBJECT = 'test_helpers.test_clock';
const STEPS: Record<string, string> = { day: '1 day', week: '1 week', month: '1 month' };

const accountsOf = (state: State) => ['', ...state.store.all('', 'account').map((a) => a.id)];

function clockRow(state: State, account: string, clock: StripeObject): string {
  const customers = state.store.all(account, 'customer', (c) => c.test_clock === clock.id);
  const ids = new Set(customers.map((c) => c.id));
  const subs = state.store.all(account, 'subscription', (s) => ids.has(s.customer as string));
  const who = customers.map((c) => esc(String(c.name ?? c.email ?? c.id))).join(', ') || 'no customer';
  return `<section><h2>${esc(String(clock.name ?? clock.id))}</h2>
<p>${esc(clock.id)}${account ? ` (account ${esc(account)})` : ''}: <strong>${new Date((clock.frozen_time as number) * 1000).toISOString()}</strong>, ${esc(String(clock.status))}.<br>
Customers: ${who}. Subscriptions: ${subs.map((s) => `${esc(s.id)} ${esc(String(s.status))}`).join(', ') || 'none'}.</p>
<form method="post" action="/dev/clocks/${esc(clock.id)}/advance">${Object.entries(STEPS)
    .map(([by, label]) => `<button name="by" value="${by}">Advance by ${label}</button>`)
    .join('')}</form></section>`;
}

export function clocksPage(state: State, res: ServerResponse, message = '', status = 200): void {
  const rows = accountsOf(state).flatMap((account) =>
    state.store.all(account, OBJECT).map((clock) => clockRow(state, account, clock)),
  );
  const body = rows.length
    ? rows.join('')
    : '<p>No test clock yet. The product creates one per billing customer when it runs against this server (npm start).</p>';
  html(res, status, page('Test clocks', `${message ? `<p><strong>${esc(message)}</strong></p>` : ''}${body}`));
}

export async function advanceClockPage(
  state: State,
  res: ServerResponse,
  id: string,
  body: () => Promise<URLSearchParams>,
): Promise<void> {
  const found = state.store.find(id);
  if (!found || found.value.object !== OBJECT) throw new StripeError(404, `No such test clock: '${id}'`);
  const by = (await body()).get('by') ?? '';
  if (!STEPS[by]) throw new StripeError(400, `Unknown step: ${by}.`);
  const clock = found.value;
  try {
    act(state, found.account, (ctx) => advanceTo(ctx, clock, addInterval(clock.frozen_time as number, by, 1)));
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    return clocksPage(state, res, error.message, error.status);
  }
  res.writeHead(303, { Location: '/dev/clocks' });
  res.end();
}
