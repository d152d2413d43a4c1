/**
 * Connect transfers from the platform to a connected account, and their reversals. A transfer needs
 * a destination account whose `transfers` capability is active (Stripe's refusal otherwise), is made by
 * the platform only, and its full or partial reversal emits `transfer.reversed` (plus
 * `transfer.updated`). The platform balance is not modelled: every transfer is funded.
 */
import { assign, type Ctx, emit, type Handler, inRange, list, mustGet, StripeError } from './context';
import { now, type StripeObject } from './store';

function createTransfer(ctx: Ctx): StripeObject {
  const { input } = ctx;
  if (ctx.account)
    throw new StripeError(400, 'Transfers can only be created by the platform, not on a connected account.');
  const destinationId = input.destination as string;
  const destination = ctx.store.get('', 'account', destinationId);
  if (!destination)
    throw new StripeError(400, `No such destination: '${destinationId}'`, 'destination', 'resource_missing');
  const capabilities = (destination.capabilities ?? {}) as Record<string, string>;
  if (capabilities.transfers !== 'active' && capabilities.legacy_payments !== 'active')
    throw new StripeError(
      400,
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    );
  const amount = input.amount as number | undefined;
  if (amount === undefined)
    throw new StripeError(400, 'Missing required param: amount.', 'amount', 'parameter_missing');
  if (amount < 1) throw new StripeError(400, 'Invalid positive integer', 'amount');
  const transfer = ctx.store.create('', 'transfer', 'tr', {
    amount,
    amount_reversed: 0,
    currency: String(input.currency).toLowerCase(),
    description: input.description ?? null,
    destination: destination.id,
    destination_payment: null,
    metadata: input.metadata ?? {},
    reversals: { object: 'list', data: [], has_more: false, url: '' },
    reversed: false,
    source_transaction: null,
    source_type: input.source_type ?? 'card',
    transfer_group: input.transfer_group ?? null,
    created: now(),
  });
  (transfer.reversals as { url: string }).url = `/v1/transfers/${transfer.id}/reversals`;
  emit(ctx, 'transfer.created', transfer);
  return transfer;
}

function reverse(ctx: Ctx): StripeObject {
  if (ctx.account) throw new StripeError(400, 'Transfers can only be reversed by the platform.');
  const transfer = mustGet(ctx, 'transfer', ctx.params.id ?? '', 'id');
  const left = (transfer.amount as number) - (transfer.amount_reversed as number);
  const amount = (ctx.input.amount as number | undefined) ?? left;
  if (amount < 1 || amount > left)
    throw new StripeError(
      400,
      `You have requested a reversal of ${amount}, but this transfer only has ${left} remaining to be reversed.`,
      'amount',
    );
  const reversal = ctx.store.create('', 'transfer_reversal', 'trr', {
    amount,
    currency: transfer.currency,
    metadata: ctx.input.metadata ?? {},
    transfer: transfer.id,
    balance_transaction: null,
    destination_payment_refund: null,
    source_refund: null,
    created: now(),
  });
  const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
  transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  const reversals = transfer.reversals as { data: StripeObject[] };
  reversals.data = [reversal, ...reversals.data];
  emit(ctx, 'transfer.reversed', transfer, previous);
  emit(ctx, 'transfer.updated', transfer, previous);
  return reversal;
}

const transferOf = (ctx: Ctx) => mustGet(ctx, 'transfer', ctx.params.transfer ?? '', 'transfer');

export const transferHandlers: Record<string, Handler> = {
  'POST /v1/transfers': createTransfer,
  'GET /v1/transfers': (ctx) =>
    list(
      ctx,
      ctx.store.all(
        '',
        'transfer',
        (t) =>
          (!ctx.input.destination || t.destination === ctx.input.destination) &&
          (!ctx.input.transfer_group || t.transfer_group === ctx.input.transfer_group) &&
          inRange(t.created as number, ctx.input.created),
      ),
    ),
  'GET /v1/transfers/{transfer}': transferOf,
  'POST /v1/transfers/{transfer}': (ctx) => {
    const transfer = transferOf(ctx);
    const previous = assign(transfer, ctx.input, ['description', 'metadata']);
    emit(ctx, 'transfer.updated', transfer, previous);
    return transfer;
  },
  'POST /v1/transfers/{id}/reversals': reverse,
  'GET /v1/transfers/{id}/reversals': (ctx) =>
    list(
      ctx,
      ctx.store.all('', 'transfer_reversal', (r) => r.transfer === ctx.params.id),
    ),
};
