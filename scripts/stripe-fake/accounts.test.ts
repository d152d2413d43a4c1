/** Connect account updates on the local Stripe server through the real SDK, as Stripe applies them (PUT stripe/account). */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from './server';
import { refusal, schemaErrors, startWithClient } from './test-support';

let fake: StripeFake;
let stripe: Stripe;

beforeAll(async () => {
  ({ fake, stripe } = await startWithClient());
});
afterAll(() => fake.close());

describe('connected accounts', () => {
  it('updates a connected account as Stripe does: business profile merged, an empty value unsets, an unknown field refused', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      country: 'DE',
      business_profile: { name: 'Charge GmbH', url: 'https://charge.example.test' },
    });
    const updated = await stripe.accounts.update(
      account.id,
      { email: 'billing@charge.example.test', business_profile: { support_phone: '+49 30 1234', url: '' } },
      { idempotencyKey: `account:update:${account.id}` },
    );
    expect(updated).toMatchObject({
      email: 'billing@charge.example.test',
      business_profile: { name: 'Charge GmbH', url: null, support_phone: '+49 30 1234' },
    });
    expect(schemaErrors('account', updated)).toEqual([]);
    const events = await stripe.events.list({ type: 'account.updated' });
    expect(events.data[0]?.data.object).toMatchObject({ id: account.id, email: 'billing@charge.example.test' });
    const unknown = { business_profile: { colour: 'red' } } as unknown as Stripe.AccountUpdateParams;
    expect((await refusal(stripe.accounts.update(account.id, unknown))).param).toBe('business_profile[colour]');
    expect((await refusal(stripe.accounts.update('acct_missing', { email: 'x@example.test' }))).status).toBe(404);
  });
});
