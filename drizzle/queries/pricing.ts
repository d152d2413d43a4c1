/**
 * @module Pricing at close (issue 5 part 3): for a closed session, picks the tariff of each party
 * (domain/tariffs/select.ts), builds the engine's time line from the recorded meter curve and writes
 * the three perspectives' prices. Idempotent: a priced session is left alone unless re-pricing is
 * asked for explicitly (the operator's reprice action, which audits the previous figures). A failure
 * anywhere leaves the session as it was: unpriced, never half-written (one batch).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type MeterSample, priceCdr, type Tariff, timelineFromMeterValues } from '../../domain/pricing';
import { type ElementInput, type TariffType, toEngineTariff } from '../../domain/tariffs/model';
import { chooseTariff, paymentTypeOf, type TariffCandidate } from '../../domain/tariffs/select';
import type { Db } from '../db';
import { chargingSessions, sessionPricing, stations, tariffs } from '../schema';
import { companyAncestorIds } from './companies';

type SessionRow = typeof chargingSessions.$inferSelect;
type TariffRow = typeof tariffs.$inferSelect;

export interface PricingOutcome {
  sessionId: number;
  /** 'skipped': already priced (no-op), or not closed yet. */
  outcome: 'priced' | 'unpriced' | 'skipped' | 'not-found';
  note: string | null;
}

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

export function candidateOf(t: TariffRow): TariffCandidate & { row: TariffRow } {
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    companyId: t.companyId,
    countries: JSON.parse(t.countriesJson) as string[],
    customerGroupId: t.customerGroupId,
    paymentType: t.paymentType,
    validFrom: t.validFrom,
    validTo: t.validTo,
    applyFrom: t.applyFrom,
    row: t,
  };
}

export function engineTariffOf(t: TariffRow): Tariff {
  return toEngineTariff({ ...t, elements: JSON.parse(t.elementsJson) as ElementInput[] });
}

/** The recorded curve [[epoch ms, W, Wh]] as meter samples (points without a register reading dropped). */
function samplesOf(curveJson: string | null): MeterSample[] {
  if (!curveJson) return [];
  let curve: unknown;
  try {
    curve = JSON.parse(curveJson);
  } catch {
    return [];
  }
  if (!Array.isArray(curve)) return [];
  const out: MeterSample[] = [];
  for (const p of curve) {
    if (!Array.isArray(p)) continue;
    const [at, w, wh] = p as [unknown, unknown, unknown];
    if (typeof at !== 'number' || typeof wh !== 'number') continue;
    out.push({ at, energyWh: wh, ...(typeof w === 'number' ? { powerW: w } : {}) });
  }
  return out;
}

/**
 * Prices one closed session. `force` re-prices a priced one (the operator's action); without it a
 * priced session is a no-op, so running this twice (a retried close) changes nothing.
 */
export async function priceClosedSession(
  db: Db,
  sessionId: number,
  opts: { force?: boolean; now?: Date } = {},
): Promise<PricingOutcome> {
  const s = await db.query.chargingSessions.findFirst({ where: eq(chargingSessions.id, sessionId) });
  if (!s) return { sessionId, outcome: 'not-found', note: null };
  if (s.status !== 'closed' || s.endAt === null) return { sessionId, outcome: 'skipped', note: 'session not closed' };
  if (s.pricingStatus === 'priced' && !opts.force) return { sessionId, outcome: 'skipped', note: s.pricingNote };

  // Three independent reads, sent together rather than one after another.
  const [station, operatorChain, ownerChain] = await Promise.all([
    db.query.stations.findFirst({ where: eq(stations.id, s.stationId) }),
    companyAncestorIds(db, s.companyId),
    s.ownerCompanyId ? companyAncestorIds(db, s.ownerCompanyId) : Promise.resolve([]),
  ]);
  const scopeIds = [...new Set([...operatorChain, ...ownerChain])];
  const rows = await db
    .select()
    .from(tariffs)
    .where(and(inArray(tariffs.companyId, scopeIds), eq(tariffs.status, 'approved')));
  const candidates = rows.map(candidateOf);
  const facts = {
    start: s.startAt,
    country: station?.country ?? null,
    customerGroupId: null,
    paymentType: paymentTypeOf(s),
  };
  const pick = (type: TariffType, chain: number[]) => chooseTariff(candidates, type, { ...facts, companyChain: chain });
  const emp = pick('emp', operatorChain);
  const cpo = pick('cpo', operatorChain);
  // Owner revenue: the revenue tariff agreed for the owner, else the owner tariff (ADR 013).
  const ownerScope = ownerChain.length > 0 ? [...ownerChain, ...operatorChain] : operatorChain;
  const revenue = pick('revenue', ownerScope);
  const owner = revenue.tariff ? revenue : pick('owner', ownerScope);

  const timeline = timelineFromMeterValues({
    start: s.startAt.getTime(),
    end: s.endAt.getTime(),
    meterStartWh: s.meterStartWh,
    ...(s.meterStopWh !== null ? { meterStopWh: s.meterStopWh } : {}),
    samples: samplesOf(s.meterCurveJson),
    ...(s.stopChargingAt ? { stopChargingAt: s.stopChargingAt.getTime() } : {}),
  });
  const prices = priceCdr(
    {
      ...(emp.tariff ? { emsp: engineTariffOf(emp.tariff.row) } : {}),
      ...(cpo.tariff ? { cpo: engineTariffOf(cpo.tariff.row) } : {}),
      ...(owner.tariff ? { owner: engineTariffOf(owner.tariff.row) } : {}),
    },
    timeline,
    { timeZone: station?.timeZone ?? 'Europe/Paris' },
  );
  const reasons = new Map<string, string>();
  if (!emp.tariff) reasons.set('emsp', emp.reason);
  if (!cpo.tariff) reasons.set('cpo', cpo.reason);
  if (!owner.tariff) reasons.set('owner', owner.reason);
  // The engine says "no applicable tariff"; the selection knows why.
  const note =
    prices.pricingNote?.replace(
      /(emsp|cpo|owner): no applicable tariff/g,
      (_m, who: string) => `${who}: ${reasons.get(who)}`,
    ) ?? null;
  const currency = emp.tariff?.row.currency ?? cpo.tariff?.row.currency ?? owner.tariff?.row.currency ?? s.currency;
  const guard = opts.force
    ? eq(chargingSessions.id, s.id)
    : and(eq(chargingSessions.id, s.id), eq(chargingSessions.pricingStatus, 'unpriced'));
  const now = opts.now ?? new Date();
  await db.batch([
    db
      .update(chargingSessions)
      .set({
        pricingStatus: prices.pricingStatus,
        pricingNote: note,
        currency,
        needsRevision: Math.max(s.needsRevision, prices.needsRevision),
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
      .values({
        sessionId: s.id,
        empTariffId: emp.tariff?.id ?? null,
        subcpoTariffId: cpo.tariff?.id ?? null,
        ownerTariffId: owner.tariff?.id ?? null,
        resultsJson: JSON.stringify(prices.results),
        pricedAt: now,
      })
      .onConflictDoUpdate({
        target: sessionPricing.sessionId,
        set: {
          empTariffId: emp.tariff?.id ?? null,
          subcpoTariffId: cpo.tariff?.id ?? null,
          ownerTariffId: owner.tariff?.id ?? null,
          resultsJson: JSON.stringify(prices.results),
          pricedAt: now,
        },
      }),
  ]);
  return { sessionId, outcome: prices.pricingStatus, note };
}

/** Prices closed sessions still unpriced (the demo seed, after tariffs exist); oldest first, at most `limit`. */
/** Prices the newest closed sessions still unpriced (at most `limit`, one after another). */
export async function priceUnpricedSessions(db: Db, limit = 500): Promise<number> {
  const rows = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.status, 'closed'), eq(chargingSessions.pricingStatus, 'unpriced')))
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
export async function priceClosedSessionSafely(db: Db, sessionId: number): Promise<PricingOutcome | null> {
  try {
    return await priceClosedSession(db, sessionId);
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
