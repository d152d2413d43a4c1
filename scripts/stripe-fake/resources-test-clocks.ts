/**
 * Stripe's test clocks (`/v1/test_helpers/test_clocks`): a clock is created at a frozen time, customers
 * are created on it (`test_clock`), and everything about those customers happens at the clock's time.
 * Advancing runs what falls due on the way (clock-advance.ts); the answer says `advancing` as Stripe's
 * does, and the clock is `ready` (`test_helpers.test_clock.ready`) by the time the request returns.
 * Deleting a clock deletes its customers and their objects, as Stripe does.
 */
import { advanceClock, advanceLimit } from './clock-advance';
import { type Ctx, deleted, emit, type Handler, list, mustGet, StripeError } from './context';
import { now, type Store, type StripeObject } from './store';

const OBJECT = 'test_helpers.test_clock';
const DELETES_AFTER_SECONDS = 30 * 86400;

const clockOf = (ctx: Ctx) => mustGet(ctx, OBJECT, ctx.params.test_clock ?? '', 'test_clock');

function createClock(ctx: Ctx): StripeObject {
  const frozen = ctx.input.frozen_time as number;
  const clock = ctx.store.create(ctx.account, OBJECT, 'clock', {
    name: ctx.input.name ?? null,
    frozen_time: frozen,
    status: 'ready',
    deletes_after: now() + DELETES_AFTER_SECONDS,
  });
  emit(ctx, `${OBJECT}.created`, clock);
  return clock;
}

/** Advances `clock` to `to` (the API's advance and the dev page's buttons); answers it as `advancing`. */
export function advanceTo(ctx: Ctx, clock: StripeObject, to: number): StripeObject {
  if (to <= (clock.frozen_time as number))
    throw new StripeError(
      400,
      "The test clock's new frozen_time must be after its current frozen_time.",
      'frozen_time',
    );
  if (to > advanceLimit(ctx, clock))
    throw new StripeError(
      400,
      'Cannot advance the test clock more than two intervals of its shortest subscription (or two years without one).',
      'frozen_time',
    );
  const answer = structuredClone({ ...clock, status: 'advancing' });
  emit(ctx, `${OBJECT}.advancing`, answer);
  advanceClock(ctx, clock, to);
  clock.status = 'ready';
  emit(ctx, `${OBJECT}.ready`, clock);
  return answer;
}

function remove(ctx: Ctx) {
  const clock = clockOf(ctx);
  const customers = ctx.store.all(ctx.account, 'customer', (c) => c.test_clock === clock.id);
  const ids = new Set(customers.map((c) => c.id));
  for (const kind of ['subscription', 'invoice', 'invoiceitem', 'payment_method', 'setup_intent', 'tax_id'])
    for (const o of ctx.store.all(ctx.account, kind, (x) => ids.has(x.customer as string))) ctx.store.remove(o.id);
  for (const c of customers) ctx.store.remove(c.id);
  ctx.store.remove(clock.id);
  emit(ctx, `${OBJECT}.deleted`, clock);
  return deleted(OBJECT, clock.id);
}

const advance = (ctx: Ctx) => advanceTo(ctx, clockOf(ctx), ctx.input.frozen_time as number);

export const testClockHandlers: Record<string, Handler> = {
  'POST /v1/test_helpers/test_clocks': createClock,
  'GET /v1/test_helpers/test_clocks': (ctx) => list(ctx, ctx.store.all(ctx.account, OBJECT)),
  'GET /v1/test_helpers/test_clocks/{test_clock}': clockOf,
  'DELETE /v1/test_helpers/test_clocks/{test_clock}': remove,
  'POST /v1/test_helpers/test_clocks/{test_clock}/advance': advance,
};

/**
 * The frozen time a request runs at: that of the clock it names (`test_clock`), or of the clock of the
 * customer it is about (`customer`, or the object in its path or `subscription` / `invoice` field).
 */
export function requestTime(
  store: Store,
  account: string,
  params: Record<string, string>,
  input: Record<string, unknown>,
): number | undefined {
  const ids = [input.test_clock, input.customer, input.subscription, input.invoice, ...Object.values(params)];
  for (const id of ids) {
    if (typeof id !== 'string') continue;
    let found = store.find(id);
    if (!found || found.account !== account) continue;
    if (found.value.object !== OBJECT && found.value.object !== 'customer') {
      const owner = found.value.customer;
      found = typeof owner === 'string' ? store.find(owner) : undefined;
    }
    const value = found?.value;
    if (value?.object === OBJECT) return value.frozen_time as number;
    const clock = typeof value?.test_clock === 'string' ? store.get(account, OBJECT, value.test_clock) : undefined;
    if (clock) return clock.frozen_time as number;
  }
  return undefined;
}
