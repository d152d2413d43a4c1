/**
 * @module Everything pricing at close does between its D1 reads and its write batch
 * (drizzle/queries/pricing.store.ts, `priceClosedSession`): the decision (selection, time line, the three
 * perspectives, tariff lines, results JSON) and the paying wallet's entry. Pure; `bench:pricing` times it.
 */
import { type DebitAtCloseFacts, debitAtClose } from '../wallets/session-debit';
import {
  decideSessionPrice,
  type PriceAtCloseFacts,
  type SessionPriceDecision,
  type StoredTariffRow,
} from './price-at-close';

export function closeDecision<R extends StoredTariffRow>(
  session: DebitAtCloseFacts['session'],
  facts: PriceAtCloseFacts<R>,
  wallets: DebitAtCloseFacts['wallets'],
  /** The benchmark's earlier versions of the decision; production always uses today's. */
  decide: (f: PriceAtCloseFacts<R>) => SessionPriceDecision = decideSessionPrice,
) {
  const decided = decide(facts);
  const debit = debitAtClose({
    session,
    paymentType: facts.paymentType,
    currency: decided.currency,
    priceMinor: decided.prices.pricingStatus === 'priced' ? decided.prices.empTotal : null,
    wallets,
  });
  const note = decided.note && debit.note ? `${decided.note}; ${debit.note}` : decided.note || debit.note || null;
  return { decision: { ...decided, note }, debit };
}
