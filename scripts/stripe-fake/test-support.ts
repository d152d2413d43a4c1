/** Shared by the stripe-fake tests: a server, an SDK client on it, a webhook listener, schema checks. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { StripeDocument } from './openapi';
import { type StripeFake, startStripeFake } from './server';

export const WEBHOOK_SECRET = 'whsec_test_local_0123456789';

export interface Received {
  body: string;
  signature: string;
}

/** A webhook endpoint on 127.0.0.1 that records what it receives; `failNext` answers 500 that many times. */
export async function webhookListener() {
  const received: Received[] = [];
  const control = { failNext: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (control.failNext > 0) {
        control.failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, control, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function startWithClient(
  webhookUrl?: string,
): Promise<{ fake: StripeFake; stripe: Stripe; port: number }> {
  const fake = await startStripeFake({
    port: 0,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl,
    retryDelaysMs: [10, 20, 40],
  });
  const port = Number(new URL(fake.url).port);
  const stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return { fake, stripe, port };
}

let doc: StripeDocument | undefined;

/** The validator's complaints about `value` as `#/components/schemas/<name>` (empty: it has Stripe's shape). */
export function schemaErrors(name: string, value: unknown): string[] {
  doc ??= new StripeDocument();
  return doc.validateComponent(name, JSON.parse(JSON.stringify(value))).map((e) => `${e.instanceLocation}: ${e.error}`);
}

/** POSTs a dev page's form and answers the redirect target (or the page's status when it does not redirect). */
export async function submitDevForm(url: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  await response.arrayBuffer();
  return response.headers.get('location') ?? String(response.status);
}

/** The SDK's error for a refused call, as the fields a test compares. */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  const e = error as Stripe.errors.StripeError;
  return { status: e.statusCode, type: e.type, message: e.message, param: e.param, code: e.code };
}
