/**
 * @module Pricing at close (issue 5 part 3), the store's half: gathers what the decision needs for one closed
 * session (domain/sessions/price-at-close.ts decides the tariff of each party, the time line, the prices) and
 * writes it in one batch. Idempotent: a priced session is left alone unless re-pricing is asked for (the
 * operator's audited reprice). A failure leaves the session unpriced, never half-written.
 */
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tariff } from '../../domain/pricing';
import { closeDecision } from '../../domain/sessions/close-decision';
import {
  closingVerdict,
  type PricingOutcome as Outcome,
  type PriceAtCloseFacts,
  type SessionPriceDecision,
} from '../../domain/sessions/price-at-close';
import { engineTariffOfVersion } from '../../domain/tariffs/engine-cache';
import { isMpsPayment, type MpsAssignment, paymentTypeOf } from '../../domain/tariffs/select';
import type { WalletEntryPlan } from '../../domain/wallets/session-debit';
import type { Db } from '../db';
import {
  chargingSessions,
  customerGroups,
  mpsTariffs,
  sessionPricing,
  sessionTariffLines,
  stations,
  tariffs,
} from '../schema';
import { companyAncestorIds } from './companies.store';
import { queueOcpiCloseSafely } from './ocpi-sessions.store';
import { afterDebit, debitStatements, sessionWallets } from './session-debit.store';

export { candidateOf, tariffCandidate } from '../../domain/sessions/price-at-close';

type SessionRow = typeof chargingSessions.$inferSelect;
type TariffRow = typeof tariffs.$inferSelect;

export interface PricingOutcome {
  sessionId: number;
  /** 'skipped': already priced (no-op), or not closed yet. */
  outcome: Outcome;
  note: string | null;
}

/** What pricing at close reads from D1 for one session. */
export type PricingRows = PriceAtCloseFacts<TariffRow>;

/** The session price columns, as the audit log keeps them before a re-pricing. */
export function priceFigures(s: SessionRow) {
  return {
    pricingStatus: s.pricingStatus,
    pricingNote: s.pricingNote,
    currency: s.currency,
    empTotal: s.empTotal,
    empNetTotal: s.empNetTotal,
    empEnergy: s.empEnergy,
    empNetEnergy: s.empNetEnergy,
    empTime: s.empTime,
    empPenalty: s.empPenalty,
    empNetPenalty: s.empNetPenalty,
    subcpoTotal: s.subcpoTotal,
    subcpoEnergy: s.subcpoEnergy,
    subcpoTime: s.subcpoTime,
    subcpoPenalty: s.subcpoPenalty,
    ownerTotal: s.ownerTotal,
    ownerEnergy: s.ownerEnergy,
    ownerPenalty: s.ownerPenalty,
    ownerCostPerKwh: s.ownerCostPerKwh,
    vatValue: s.vatValue,
    needsRevision: s.needsRevision,
  };
}

/**
 * The engine's tariff of a row; `capExclVat` (the customer group's max price, minor units excl. VAT)
 * lowers the tariff's own max price when it is tighter (ADR 026). One object per tariff version and
 * cap, compiled once and shared by every session it prices (domain/tariffs/engine-cache.ts).
 */
export function engineTariffOf(t: TariffRow, capExclVat: number | null = null): Tariff {
  return engineTariffOfVersion(t, capExclVat);
}

/** The stored tariff lines of a session (what the audit log keeps before a re-pricing replaces them). */
export async function tariffLinesOf(db: Db, sessionId: number) {
  return db
    .select()
    .from(sessionTariffLines)
    .where(eq(sessionTariffLines.sessionId, sessionId))
    .orderBy(sessionTariffLines.party, sessionTariffLines.position);
}

/** D1 binds at most 100 parameters per statement: 12 columns a line, so 8 lines per insert. */
const LINES_PER_INSERT = 8;

/** The MPS tariff assignments of the companies for a country, each with the chain of its tariff. */
export async function mpsAssignmentsOf(
  db: Db,
  companyIds: readonly number[],
  country: string,
): Promise<MpsAssignment[]> {
  const rows = await db
    .select({
      companyId: mpsTariffs.companyId,
      type: mpsTariffs.type,
      countryCode: mpsTariffs.countryCode,
      tariffId: mpsTariffs.tariffId,
      versionOf: tariffs.versionOf,
    })
    .from(mpsTariffs)
    .innerJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
    .where(and(inArray(mpsTariffs.companyId, [...companyIds]), eq(mpsTariffs.countryCode, country.toUpperCase())));
  return rows.map((m) => ({
    companyId: m.companyId,
    type: m.type,
    countryCode: m.countryCode,
    chainId: m.versionOf ?? m.tariffId,
  }));
}

/** Gathers the facts of a closed session: its station, company chains, group, MPS assignments and tariffs. */
async function pricingFacts(db: Db, s: SessionRow & { endAt: Date }): Promise<PricingRows> {
  // Independent reads, sent together rather than one after another.
  const [station, operatorChain, ownerChain, group] = await Promise.all([
    db.query.stations.findFirst({ where: eq(stations.id, s.stationId) }),
    companyAncestorIds(db, s.companyId),
    s.ownerCompanyId ? companyAncestorIds(db, s.ownerCompanyId) : Promise.resolve([]),
    s.customerGroupId
      ? db.query.customerGroups.findFirst({ where: eq(customerGroups.id, s.customerGroupId) })
      : Promise.resolve(undefined),
  ]);
  const scopeIds = [...new Set([...operatorChain, ...ownerChain])];
  const paymentType = paymentTypeOf(s);
  // MPS tariffs of the company chains for the station's country (payment-service sessions only).
  const mps =
    isMpsPayment(paymentType) && station?.country ? await mpsAssignmentsOf(db, scopeIds, station.country) : [];
  const chains = [...new Set(mps.map((m) => m.chainId))];
  const inScope = inArray(tariffs.companyId, scopeIds);
  const rows = await db
    .select()
    .from(tariffs)
    .where(
      and(
        eq(tariffs.status, 'approved'),
        chains.length > 0 ? or(inScope, inArray(tariffs.versionOf, chains), inArray(tariffs.id, chains)) : inScope,
        // Tariffs of another customer group can never apply.
        s.customerGroupId
          ? or(isNull(tariffs.customerGroupId), eq(tariffs.customerGroupId, s.customerGroupId))
          : isNull(tariffs.customerGroupId),
      ),
    );
  return { session: s, station, operatorChain, ownerChain, group, paymentType, mps, rows };
}

/** Writes the figures (guarded), pricing record, tariff lines and wallet entry in one batch; the balance after. */
async function writeSessionPrice(
  db: Db,
  sessionId: number,
  d: SessionPriceDecision,
  force: boolean,
  now: Date,
  debit: WalletEntryPlan | null,
): Promise<number | null> {
  const { prices, tariffIds, resultsJson } = d;
  const guard = force
    ? eq(chargingSessions.id, sessionId)
    : and(eq(chargingSessions.id, sessionId), eq(chargingSessions.pricingStatus, 'unpriced'));
  const lineInserts = [];
  for (let i = 0; i < d.lines.length; i += LINES_PER_INSERT)
    lineInserts.push(db.insert(sessionTariffLines).values(d.lines.slice(i, i + LINES_PER_INSERT)));
  const record = {
    empTariffId: tariffIds.emp,
    subcpoTariffId: tariffIds.cpo,
    ownerTariffId: tariffIds.owner,
    resultsJson,
    pricedAt: now,
  };
  const results = await db.batch([
    db
      .update(chargingSessions)
      .set({
        pricingStatus: prices.pricingStatus,
        pricingNote: d.note,
        currency: d.currency,
        needsRevision: d.needsRevision,
        empTotal: prices.empTotal,
        empNetTotal: prices.empNetTotal,
        empEnergy: prices.empEnergy,
        empNetEnergy: prices.empNetEnergy,
        empTime: prices.empTime,
        empPenalty: prices.empPenalty,
        empNetPenalty: prices.empNetPenalty,
        subcpoTotal: prices.subcpoTotal,
        subcpoEnergy: prices.subcpoEnergy,
        subcpoTime: prices.subcpoTime,
        subcpoPenalty: prices.subcpoPenalty,
        ownerTotal: prices.ownerTotal,
        ownerEnergy: prices.ownerEnergy,
        ownerPenalty: prices.ownerPenalty,
        ownerCostPerKwh: prices.ownerCostPerKwh,
        vatValue: prices.vatValue,
        updatedAt: now,
      })
      .where(guard),
    db
      .insert(sessionPricing)
      .values({ sessionId, ...record })
      .onConflictDoUpdate({ target: sessionPricing.sessionId, set: record }),
    // The lines are replaced with the figures (the reprice action audits the old ones first).
    db.delete(sessionTariffLines).where(eq(sessionTariffLines.sessionId, sessionId)),
    ...lineInserts,
    // The wallet's entry: idempotent by its reference, so a retried close or a second run adds nothing.
    ...(debit ? debitStatements(db, debit) : []),
  ]);
  if (!debit) return null;
  const [entry] = results[results.length - 1] as { balanceAfter: number }[];
  return entry?.balanceAfter ?? null;
}

/**
 * Prices one closed session: gather → decide (domain/sessions/price-at-close.ts) → write. `force`
 * re-prices a priced one (the operator's action); without it a priced session is a no-op, so running
 * this twice (a retried close) changes nothing.
 */
export async function priceClosedSession(
  db: Db,
  sessionId: number,
  opts: { force?: boolean; now?: Date } = {},
): Promise<PricingOutcome> {
  const s = await db.query.chargingSessions.findFirst({ where: eq(chargingSessions.id, sessionId) });
  const verdict = closingVerdict(s, opts.force ?? false);
  if (verdict || !s?.endAt) return { sessionId, outcome: verdict?.outcome ?? 'skipped', note: verdict?.note ?? null };
  const force = opts.force ?? false;
  // The paying wallet is read beside pricing's own reads (same round trip).
  const [facts, wallets] = await Promise.all([
    pricingFacts(db, { ...s, endAt: s.endAt }),
    sessionWallets(db, s, force),
  ]);
  const { decision, debit } = closeDecision(s, facts, wallets);
  const balanceAfter = await writeSessionPrice(db, s.id, decision, force, opts.now ?? new Date(), debit.plan);
  if (debit.plan && balanceAfter !== null) await afterDebit(db, s, debit.plan, balanceAfter, decision.currency);
  // A roaming partner's session: its final Session and its CDR (or credit and new CDR) are queued.
  if (s.ocpiPeeringId !== null) await queueOcpiCloseSafely(db, s.id, { reprice: force });
  return { sessionId, outcome: decision.prices.pricingStatus, note: decision.note };
}

/** Prices the newest closed sessions still unpriced (at most `limit`, one after another). */
export async function priceUnpricedSessions(db: Db, limit = 500): Promise<number> {
  const rows = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.status, 'closed'),
        eq(chargingSessions.pricingStatus, 'unpriced'),
        isNull(chargingSessions.refusedStatus),
      ),
    )
    .orderBy(desc(chargingSessions.id))
    .limit(limit);
  let priced = 0;
  for (const r of rows) if ((await priceClosedSessionSafely(db, r.id))?.outcome === 'priced') priced++;
  return priced;
}

/**
 * For callers that must never fail (the OCPP close): a failure is logged and named in the note of a
 * session that stays unpriced, so the operator sees why and can re-price it.
 */
export async function priceClosedSessionSafely(
  db: Db,
  sessionId: number,
  opts: { force?: boolean } = {},
): Promise<PricingOutcome | null> {
  try {
    return await priceClosedSession(db, sessionId, opts);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.warn(`[pricing] session ${sessionId} left unpriced:`, message);
    try {
      await db
        .update(chargingSessions)
        .set({ pricingNote: `Pricing failed: ${message}`.slice(0, 500) })
        .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.pricingStatus, 'unpriced')));
    } catch {
      // D1 itself failed: the session keeps the note it had.
    }
    return null;
  }
}
