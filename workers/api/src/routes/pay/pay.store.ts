/**
 * @module Every read and write of the public QR payment (issue 18 part 4). Public routes have no
 * caller scope: a connector is found only by its EVSE id, a payment only by its random token, and
 * answers carry that one connector's or payment's own data. Status changes are guarded updates
 * (`from` → `to`), so concurrent triggers (webhook, driver's page, cron) move a payment once.
 */
import type { Db } from '@db/db';
import { companyAncestorIds } from '@db/queries/companies.store';
import { mpsAssignmentsOf } from '@db/queries/pricing.store';
import { billingAccounts, chargingSessions, companies, connectors, qrPayments, stations, tariffs } from '@db/schema';
import type { QrPaymentStatus } from '@domain/qr-payments/status';
import { candidateOf } from '@domain/sessions/price-at-close';
import { chooseTariff } from '@domain/tariffs/select';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';

export type PaymentRow = typeof qrPayments.$inferSelect;

/** The connector of an EVSE id with its station and operator (what the public page shows and checks). */
export async function connectorByEvse(db: Db, evseId: string) {
  return db
    .select({
      connector: connectors,
      station: stations,
      company: {
        id: companies.id,
        name: companies.name,
        currency: companies.currency,
        preAuthorizationAmount: companies.preAuthorizationAmount,
      },
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .where(eq(connectors.evseId, evseId))
    .get();
}

/** The station and connector rows of a payment (the remote start's target). */
export async function targetOf(db: Db, p: PaymentRow) {
  return db
    .select({ connector: connectors, station: stations })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(eq(connectors.id, p.connectorId))
    .get();
}

/**
 * The EMSP tariff that will price this QR session if it starts now: pricing at close's selection
 * (ADR 013) for payment type `qr` (a session started by a QR payment has start method QR), with the
 * chain's MPS assignments for the station's country, so the page shows that price and no other.
 */
export async function qrTariff(db: Db, station: typeof stations.$inferSelect, at: Date) {
  const chain = await companyAncestorIds(db, station.companyId);
  if (chain.length === 0) return null;
  const mps = station.country ? await mpsAssignmentsOf(db, chain, station.country) : [];
  const chains = [...new Set(mps.map((m) => m.chainId))];
  const inScope = inArray(tariffs.companyId, chain);
  const rows = await db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.type, 'emp'),
        eq(tariffs.status, 'approved'),
        isNull(tariffs.customerGroupId),
        chains.length > 0 ? or(inScope, inArray(tariffs.versionOf, chains), inArray(tariffs.id, chains)) : inScope,
      ),
    );
  const choice = chooseTariff(rows.map(candidateOf), 'emp', {
    start: at,
    companyChain: chain,
    country: station.country,
    customerGroupId: null,
    paymentType: 'qr',
    mps,
  });
  return choice?.tariff?.row ?? null;
}

/** The operator's Connect account, when it has one (the intent is made there; the platform's otherwise). */
export async function operatorAccount(db: Db, companyId: number) {
  return db
    .select({ stripeAccountId: billingAccounts.stripeAccountId })
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, companyId))
    .get();
}

export async function insertPayment(db: Db, values: typeof qrPayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(qrPayments).values(values).returning();
  if (!row) throw new Error('qr payment not inserted');
  return row;
}

export async function paymentByToken(db: Db, token: string) {
  return db.select().from(qrPayments).where(eq(qrPayments.token, token)).get();
}

export async function paymentById(db: Db, id: number) {
  return db.select().from(qrPayments).where(eq(qrPayments.id, id)).get();
}

/** Writes `values` only while the payment is still `from`; true when this call moved it. */
export async function movePayment(
  db: Db,
  id: number,
  from: QrPaymentStatus,
  values: Partial<typeof qrPayments.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(qrPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(qrPayments.id, id), eq(qrPayments.status, from)))
    .returning({ id: qrPayments.id });
  return rows.length > 0;
}

/** Fields that change no status (the Stripe id once known, the receipt sent). */
export async function notePayment(db: Db, id: number, values: Partial<typeof qrPayments.$inferInsert>) {
  await db
    .update(qrPayments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(qrPayments.id, id));
}

/** Payments still open (oldest first), for the periodic check. */
export async function openPayments(db: Db, limit: number, before: Date) {
  return db
    .select()
    .from(qrPayments)
    .where(
      and(
        inArray(qrPayments.status, ['pending', 'authorized', 'starting', 'charging']),
        lt(qrPayments.createdAt, before),
      ),
    )
    .orderBy(asc(qrPayments.id))
    .limit(limit);
}

/** The session a payment started, as capture needs it and the receipt shows it. */
export async function sessionOf(db: Db, sessionId: number) {
  return db
    .select({
      id: chargingSessions.id,
      status: chargingSessions.status,
      refusedStatus: chargingSessions.refusedStatus,
      pricingStatus: chargingSessions.pricingStatus,
      empTotal: chargingSessions.empTotal,
      currency: chargingSessions.currency,
      energyWh: chargingSessions.energyWh,
      startAt: chargingSessions.startAt,
      endAt: chargingSessions.endAt,
      durationS: chargingSessions.durationS,
    })
    .from(chargingSessions)
    .where(eq(chargingSessions.id, sessionId))
    .get();
}

/** What the driver's pages show of the payment's station and connector (nothing else of it). */
export async function placeOf(db: Db, p: PaymentRow) {
  return db
    .select({
      stationName: stations.name,
      address: stations.address,
      city: stations.city,
      evseId: connectors.evseId,
      connectorNumber: connectors.connectorNumber,
      status: connectors.status,
      operator: companies.name,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .where(eq(connectors.id, p.connectorId))
    .get();
}
