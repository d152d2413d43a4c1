/**
 * Events and their signed delivery, as Stripe does it: each state change becomes an `evt_` object
 * (stored in the account's namespace, listed by `/v1/events`), POSTed to the webhook URL with
 * `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.payload">`, one at a time in creation order,
 * retried with backoff on a non-2xx answer or a connection error, then kept as failed.
 */
import { createHmac } from 'node:crypto';
import { now, type Store, type StripeObject } from './store';

export const API_VERSION = '2025-09-30.clover';
/** Waits before the 2nd, 3rd and 4th attempt; after the 4th the event stays failed. */
export const RETRY_DELAYS_MS = [250, 1000, 3000];

export interface Delivery {
  event: string;
  type: string;
  account: string | null;
  status: 'pending' | 'delivered' | 'failed' | 'no_endpoint';
  attempts: number;
  last_response_status: number | null;
  last_error: string | null;
}

export function signature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export class Webhooks {
  readonly deliveries: Delivery[] = [];
  private readonly queue: { delivery: Delivery; payload: string }[] = [];
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly store: Store,
    public url: string | undefined,
    private readonly secret: string,
    private readonly retryDelaysMs: number[] = RETRY_DELAYS_MS,
  ) {}

  /** Records `type` for `object` under `account` and queues its delivery. */
  emit(account: string, type: string, object: StripeObject, previous?: Record<string, unknown>): StripeObject {
    const event = this.store.create(account, 'event', 'evt', {
      api_version: API_VERSION,
      data: previous
        ? { object: structuredClone(object), previous_attributes: previous }
        : { object: structuredClone(object) },
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      ...(account ? { account } : {}),
    });
    const delivery: Delivery = {
      event: event.id,
      type,
      account: account || null,
      status: this.url ? 'pending' : 'no_endpoint',
      attempts: 0,
      last_response_status: null,
      last_error: null,
    };
    this.deliveries.push(delivery);
    if (this.url) {
      this.queue.push({ delivery, payload: JSON.stringify(event, null, 2) });
      void this.run();
    }
    return event;
  }

  /** Resolves once every queued delivery has succeeded or failed for good. */
  settled(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    while (!this.closed && this.queue.length > 0) {
      const next = this.queue[0];
      if (!next) break;
      const ok = await this.attempt(next.delivery, next.payload);
      if (ok || next.delivery.attempts > this.retryDelaysMs.length) {
        next.delivery.status = ok ? 'delivered' : 'failed';
        this.queue.shift();
        continue;
      }
      await new Promise<void>((resolve) => {
        this.timer = setTimeout(resolve, this.retryDelaysMs[next.delivery.attempts - 1]);
      });
    }
    this.running = false;
    if (this.queue.length === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  private async attempt(delivery: Delivery, payload: string): Promise<boolean> {
    delivery.attempts += 1;
    const url = this.url;
    if (!url) return false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signature(payload, this.secret),
        },
        body: payload,
      });
      await response.arrayBuffer();
      delivery.last_response_status = response.status;
      delivery.last_error = null;
      return response.ok;
    } catch (error) {
      delivery.last_error = error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : String(error);
      return false;
    }
  }
}
