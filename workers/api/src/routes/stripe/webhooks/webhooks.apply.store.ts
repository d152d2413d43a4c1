/**
 * @module The reads and writes of the Stripe event appliers: `gatherFacts` reads the rows an event
 * names (one D1 batch), `writeDecision` writes what `decideEvent` decided together with the event's
 * `applied` mark (one batch: both or neither). Every write is also guarded by `stripe_event_at <=` the
 * event's second, so an event that lost a race to a newer one does not overwrite it either.
 */
import type { Db } from '@db/db';
import { refuseTopUpStatement, topUpEventFacts, topUpStatements } from '@db/queries/wallet-top-ups.store';
import {
  billingAccounts,
  billingCustomers,
  billingInvoices,
  billingPaymentMethods,
  billingPayouts,
  billingSetupIntents,
  billingSubscriptions,
} from '@db/schema';
import type { BillingEvent, BillingWrite, EventFacts, EventTarget, InvoiceRow } from '@domain/billing/apply-event';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { accountCompany, markApplied, markEvent } from './webhooks.store';

const customerBy = (db: Db, stripeId: string | null | undefined) =>
  db
    .select({
      id: billingCustomers.id,
      companyId: billingCustomers.companyId,
      ownerCompanyId: billingCustomers.ownerCompanyId,
      stripeEventAt: billingCustomers.stripeEventAt,
    })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeId ?? ''));

const subscriptionBy = (db: Db, stripeId: string | null | undefined) =>
  db
    .select({
      id: billingSubscriptions.id,
      status: billingSubscriptions.status,
      stripeEventAt: billingSubscriptions.stripeEventAt,
      ownerCompanyId: billingSubscriptions.ownerCompanyId,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.stripeSubscriptionId, stripeId ?? ''));

/** The rows `target` names, as the decision reads them (absent or null: unknown to us). */
export async function gatherFacts(db: Db, event: BillingEvent, target: EventTarget): Promise<EventFacts> {
  // The account's company is read while the rows are (two reads in flight, not one after the other).
  const accountCompanyId = event.account ? accountCompany(db, event.account) : Promise.resolve(null);
  const [facts, accountOf] = await Promise.all([objectFacts(db, target), accountCompanyId]);
  return { ...facts, accountCompanyId: accountOf };
}

async function objectFacts(db: Db, target: EventTarget): Promise<Omit<EventFacts, 'accountCompanyId'>> {
  const id = target.objectId ?? '';
  const facts = {};
  switch (target.kind) {
    case 'account': {
      const row = await db
        .select({
          companyId: billingAccounts.companyId,
          state: billingAccounts.state,
          stripeEventAt: billingAccounts.stripeEventAt,
        })
        .from(billingAccounts)
        .where(eq(billingAccounts.stripeAccountId, id))
        .get();
      return { ...facts, account: row ?? null };
    }
    case 'setupIntent': {
      const row = await db
        .select({
          result: billingSetupIntents.result,
          stripeEventAt: billingSetupIntents.stripeEventAt,
          ownerCompanyId: billingCustomers.ownerCompanyId,
        })
        .from(billingSetupIntents)
        .innerJoin(billingCustomers, eq(billingCustomers.id, billingSetupIntents.customerId))
        .where(eq(billingSetupIntents.stripeSetupIntentId, id))
        .get();
      return { ...facts, setupIntent: row ?? null };
    }
    case 'paymentMethod': {
      const [[pm], [customer]] = await db.batch([
        db
          .select({
            detached: isNotNull(billingPaymentMethods.detachedAt).mapWith(Boolean),
            stripeEventAt: billingPaymentMethods.stripeEventAt,
            ownerCompanyId: billingCustomers.ownerCompanyId,
          })
          .from(billingPaymentMethods)
          .innerJoin(billingCustomers, eq(billingCustomers.id, billingPaymentMethods.customerId))
          .where(eq(billingPaymentMethods.stripePaymentMethodId, id)),
        customerBy(db, target.customerId),
      ]);
      return { ...facts, paymentMethod: pm ?? null, customer: customer ?? null };
    }
    case 'customer':
      return { ...facts, customer: (await customerBy(db, id).get()) ?? null };
    case 'subscription':
      return { ...facts, subscription: (await subscriptionBy(db, id).get()) ?? null };
    case 'invoice': {
      const [[invoice], [customer], [subscription]] = await db.batch([
        db
          .select({
            id: billingInvoices.id,
            status: billingInvoices.status,
            stripeEventAt: billingInvoices.stripeEventAt,
            ownerCompanyId: billingInvoices.ownerCompanyId,
          })
          .from(billingInvoices)
          .where(eq(billingInvoices.stripeInvoiceId, id)),
        customerBy(db, target.customerId),
        subscriptionBy(db, target.subscriptionId),
      ]);
      return { ...facts, invoice: invoice ?? null, customer: customer ?? null, subscription: subscription ?? null };
    }
    case 'payout': {
      const row = await db
        .select({
          status: billingPayouts.status,
          stripeEventAt: billingPayouts.stripeEventAt,
          companyId: billingPayouts.companyId,
        })
        .from(billingPayouts)
        .where(eq(billingPayouts.stripePayoutId, id))
        .get();
      return { ...facts, payout: row ?? null };
    }
    case 'walletTopUp':
      return { ...facts, topUp: target.topUpId ? await topUpEventFacts(db, target.topUpId) : null };
    default:
      return facts;
  }
}

/** The invoice's columns an event sets (kind, companies and customer stay as created). */
function invoiceValues(row: InvoiceRow, eventAt: number) {
  const { stripeInvoiceId: _id, insert: _insert, subscriptionId: _sub, status: _status, sentAt: _sent, ...rest } = row;
  return { ...rest, stripeEventAt: eventAt, updatedAt: new Date() };
}

/** The statement that writes `write` for an event created at `eventAt`, guarded against newer rows. */
function writeStatement(db: Db, write: Exclude<BillingWrite, { table: 'walletTopUp' }>, eventAt: number) {
  const now = new Date();
  switch (write.table) {
    case 'account':
      return db
        .update(billingAccounts)
        .set({ ...write.values, stripeEventAt: eventAt, updatedAt: now })
        .where(
          and(eq(billingAccounts.stripeAccountId, write.stripeAccountId), lte(billingAccounts.stripeEventAt, eventAt)),
        );
    case 'setupIntent':
      return db
        .update(billingSetupIntents)
        .set({ result: write.result, stripeEventAt: eventAt, updatedAt: now })
        .where(
          and(
            eq(billingSetupIntents.stripeSetupIntentId, write.stripeSetupIntentId),
            lte(billingSetupIntents.stripeEventAt, eventAt),
          ),
        );
    case 'paymentMethod': {
      const { customerId, stripePaymentMethodId, ...values } = write.row;
      const set = { ...values, stripeEventAt: eventAt };
      if (customerId === null)
        return db
          .update(billingPaymentMethods)
          .set(set)
          .where(
            and(
              eq(billingPaymentMethods.stripePaymentMethodId, stripePaymentMethodId),
              lte(billingPaymentMethods.stripeEventAt, eventAt),
            ),
          );
      return db
        .insert(billingPaymentMethods)
        .values({ stripePaymentMethodId, customerId, ...set })
        .onConflictDoUpdate({
          target: billingPaymentMethods.stripePaymentMethodId,
          set,
          setWhere: lte(billingPaymentMethods.stripeEventAt, eventAt),
        });
    }
    case 'customer':
      return db
        .update(billingCustomers)
        .set({ defaultPaymentMethodId: write.defaultPaymentMethodId, stripeEventAt: eventAt, updatedAt: now })
        .where(and(eq(billingCustomers.id, write.customerId), lte(billingCustomers.stripeEventAt, eventAt)));
    case 'subscription':
      return db
        .update(billingSubscriptions)
        .set({
          ...write.values,
          // Activation is irreversible: set once, never cleared or moved.
          activatedAt: sql`coalesce(${billingSubscriptions.activatedAt}, ${write.activatedAt?.getTime() ?? null})`,
          stripeEventAt: eventAt,
          updatedAt: now,
        })
        .where(
          and(eq(billingSubscriptions.id, write.subscriptionId), lte(billingSubscriptions.stripeEventAt, eventAt)),
        );
    case 'invoice': {
      const r = write.row;
      const set = {
        ...invoiceValues(r, eventAt),
        status: sql`coalesce(${r.status}, ${billingInvoices.status})`,
        subscriptionId: sql`coalesce(${r.subscriptionId}, ${billingInvoices.subscriptionId})`,
        sentAt: sql`coalesce(${billingInvoices.sentAt}, ${r.sentAt?.getTime() ?? null})`,
      };
      const guard = lte(billingInvoices.stripeEventAt, eventAt);
      if (!r.insert)
        return db
          .update(billingInvoices)
          .set(set)
          .where(and(eq(billingInvoices.stripeInvoiceId, r.stripeInvoiceId), guard));
      return db
        .insert(billingInvoices)
        .values({
          ...invoiceValues(r, eventAt),
          ...r.insert,
          stripeInvoiceId: r.stripeInvoiceId,
          subscriptionId: r.subscriptionId,
          status: r.status ?? 'draft',
          sentAt: r.sentAt,
        })
        .onConflictDoUpdate({ target: billingInvoices.stripeInvoiceId, set, setWhere: guard });
    }
    case 'payout': {
      const { stripePayoutId, companyId, ...values } = write.row;
      const set = { ...values, stripeEventAt: eventAt, updatedAt: now };
      return db
        .insert(billingPayouts)
        .values({ stripePayoutId, companyId, ...set })
        .onConflictDoUpdate({
          target: billingPayouts.stripePayoutId,
          set,
          setWhere: lte(billingPayouts.stripeEventAt, eventAt),
        });
    }
  }
}

/** Writes the decision and marks the event applied, in one batch: both happen or neither. */
export async function writeDecision(db: Db, event: BillingEvent, write: BillingWrite): Promise<void> {
  if (write.table === 'walletTopUp') {
    // A paid top-up's status and its one credit go with the event's mark: all three or none.
    await db.batch([...topUpStatements(db, write, event.created), markApplied(db, event.id)]);
    return;
  }
  await db.batch([writeStatement(db, write, event.created), markApplied(db, event.id)]);
}

/** An event refused against our row (a top-up's amount): the top-up failed and the event failed, with the reason. */
export async function writeRefusal(db: Db, event: BillingEvent, topUpId: number, reason: string): Promise<void> {
  await db.batch([refuseTopUpStatement(db, topUpId, reason), markEvent(db, event.id, 'failed', { error: reason })]);
}
