/**
 * @module Pricing at close (issue 5 part 3): for a closed session, picks the tariff of each party
 * (domain/tariffs/select.ts), builds the engine's time line from the recorded meter curve and writes
 * the three perspectives' prices. Idempotent: a priced session is left alone unless re-pricing is
 * asked for explicitly (the operator's reprice action, which audits the previous figures). A failure
 * anywhere leaves the session as it was: unpriced, never half-written (one batch).
 */
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  type MeterSample,
  type PricingResult,
  priceCdr,
  type Tariff,
  timelineFromMeterValues,
} from '../../domain/pricing';
import { engineTariffOfVersion } from '../../domain/tariffs/engine-cache';
import type { TariffType } from '../../domain/tariffs/model';
import {
  chooseTariff,
  isMpsPayment,
  type MpsAssignment,
  paymentTypeOf,
  type TariffCandidate,
} from '../../domain/tariffs/select';
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

/**
 * A stored tariff as selection sees it (with when it was approved, for the explanation of a choice);
 * the one mapping read by pricing at close, the tariff reach and the session's "why this tariff".
 */
export function tariffCandidate(t: TariffRow): TariffCandidate & { approvedAt: Date | null } {
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
    versionOf: t.versionOf,
    approvedAt: t.approvedAt,
  };
}

export function candidateOf(t: TariffRow): TariffCandidate & { row: TariffRow } {
  return { ...tariffCandidate(t), row: t };
}

/**
 * The engine's tariff of a row; `capExclVat` (the customer group's max price, minor units excl. VAT)
 * lowers the tariff's own max price when it is tighter (ADR 026). One object per tariff version and
 * cap, compiled once and shared by every session it prices (domain/tariffs/engine-cache.ts).
 */
export function engineTariffOf(t: TariffRow, capExclVat: number | null = null): Tariff {
  return engineTariffOfVersion(t, capExclVat);
}

type LineParty = (typeof sessionTariffLines.$inferInsert)['party'];

/** The rows of `session_tariff_lines` for the priced perspectives (an unpriced one has none). */
export function tariffLineRows(
  sessionId: number,
  results: Record<'emsp' | 'cpo' | 'owner', PricingResult>,
  tariffIds: Record<'emsp' | 'cpo' | 'owner', number | null>,
): (typeof sessionTariffLines.$inferInsert)[] {
  const party: Record<'emsp' | 'cpo' | 'owner', LineParty> = { emsp: 'emp', cpo: 'subcpo', owner: 'owner' };
  const rows: (typeof sessionTariffLines.$inferInsert)[] = [];
  for (const who of ['emsp', 'cpo', 'owner'] as const) {
    const r = results[who];
    if (r.kind !== 'priced') continue;
    r.lines.forEach((l, position) => {
      rows.push({
        sessionId,
        party: party[who],
        position,
        dimension: l.dimension,
        tariffId: tariffIds[who],
        elementIndex: l.elementIndex,
        quantity: Math.round(l.quantity),
        unitPrice: l.unitPrice,
        vatBp: l.vatBp,
        exclVat: l.exclVat,
        vat: l.vat,
        inclVat: l.inclVat,
      });
    });
  }
  return rows;
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

/** What pricing at close reads from D1 for one session (`priceClosedSession`'s reads). */
export interface PricingRows {
  session: SessionRow & { endAt: Date };
  station: Pick<typeof stations.$inferSelect, 'country' | 'timeZone'> | undefined;
  operatorChain: number[];
  ownerChain: number[];
  group: typeof customerGroups.$inferSelect | undefined;
  paymentType: ReturnType<typeof paymentTypeOf>;
  mps: MpsAssignment[];
  /** The approved tariffs in scope, as the SELECT of `priceClosedSession` returns them. */
  rows: TariffRow[];
  /** How a row becomes the engine's tariff; default `engineTariffOf` (one object per version). The benchmark passes the uncached build to compare. */
  tariffOf?: (row: TariffRow, capExclVat?: number | null) => Tariff;
}

/**
 * Everything pricing at close does between its D1 reads and its write batch, with no I/O: selection of
 * each party's tariff, the time line from the recorded curve, the three perspectives, the note, the
 * tariff lines and the stored results. `npm run bench:pricing` times this function with fresh rows.
 */
export function priceFromRows(input: PricingRows) {
  const { session: s, station, operatorChain, ownerChain, group, paymentType, mps, rows } = input;
  const tariffOf = input.tariffOf ?? engineTariffOf;
  const candidates = rows.map(candidateOf);
  const facts = {
    start: s.startAt,
    country: station?.country ?? null,
    // A deleted group no longer selects its tariffs (ADR 026).
    customerGroupId: group && group.deletedAt === null ? group.id : null,
    paymentType,
    mps,
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
  // The selection knows why a perspective has no tariff; the engine only sees none (the note says why).
  const prices = priceCdr(
    {
      ...(emp.tariff
        ? { emsp: tariffOf(emp.tariff.row, facts.customerGroupId ? (group?.maxPriceExclVat ?? null) : null) }
        : {}),
      ...(cpo.tariff ? { cpo: tariffOf(cpo.tariff.row) } : {}),
      ...(owner.tariff ? { owner: tariffOf(owner.tariff.row) } : {}),
    },
    timeline,
    { timeZone: station?.timeZone ?? 'Europe/Paris' },
    {
      ...(emp.tariff === null ? { emsp: emp.reason } : {}),
      ...(cpo.tariff === null ? { cpo: cpo.reason } : {}),
      ...(owner.tariff === null ? { owner: owner.reason } : {}),
    },
  );
  const note = prices.pricingNote;
  const currency = emp.tariff?.row.currency ?? cpo.tariff?.row.currency ?? owner.tariff?.row.currency ?? s.currency;
  const lines = tariffLineRows(s.id, prices.results, {
    emsp: emp.tariff?.id ?? null,
    cpo: cpo.tariff?.id ?? null,
    owner: owner.tariff?.id ?? null,
  });
  return { emp, cpo, owner, prices, note, currency, lines, resultsJson: JSON.stringify(prices.results) };
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
  // A start the back office refused is never billed (ADR 040).
  if (s.refusedStatus !== null) return { sessionId, outcome: 'skipped', note: s.pricingNote };
  if (s.pricingStatus === 'priced' && !opts.force) return { sessionId, outcome: 'skipped', note: s.pricingNote };

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
  const mpsRows =
    isMpsPayment(paymentType) && station?.country
      ? await db
          .select({
            companyId: mpsTariffs.companyId,
            type: mpsTariffs.type,
            countryCode: mpsTariffs.countryCode,
            tariffId: mpsTariffs.tariffId,
            versionOf: tariffs.versionOf,
          })
          .from(mpsTariffs)
          .innerJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
          .where(
            and(inArray(mpsTariffs.companyId, scopeIds), eq(mpsTariffs.countryCode, station.country.toUpperCase())),
          )
      : [];
  const mps: MpsAssignment[] = mpsRows.map((m) => ({
    companyId: m.companyId,
    type: m.type,
    countryCode: m.countryCode,
    chainId: m.versionOf ?? m.tariffId,
  }));
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
  const { emp, cpo, owner, prices, note, currency, lines, resultsJson } = priceFromRows({
    // endAt was checked non-null above.
    session: s as SessionRow & { endAt: Date },
    station,
    operatorChain,
    ownerChain,
    group,
    paymentType,
    mps,
    rows,
  });
  const guard = opts.force
    ? eq(chargingSessions.id, s.id)
    : and(eq(chargingSessions.id, s.id), eq(chargingSessions.pricingStatus, 'unpriced'));
  const now = opts.now ?? new Date();
  const lineInserts = [];
  for (let i = 0; i < lines.length; i += LINES_PER_INSERT)
    lineInserts.push(db.insert(sessionTariffLines).values(lines.slice(i, i + LINES_PER_INSERT)));
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
        resultsJson,
        pricedAt: now,
      })
      .onConflictDoUpdate({
        target: sessionPricing.sessionId,
        set: {
          empTariffId: emp.tariff?.id ?? null,
          subcpoTariffId: cpo.tariff?.id ?? null,
          ownerTariffId: owner.tariff?.id ?? null,
          resultsJson,
          pricedAt: now,
        },
      }),
    // The lines are replaced with the figures (the reprice action audits the old ones first).
    db.delete(sessionTariffLines).where(eq(sessionTariffLines.sessionId, s.id)),
    ...lineInserts,
  ]);
  return { sessionId, outcome: prices.pricingStatus, note };
}

/** Prices closed sessions still unpriced (the demo seed, after tariffs exist); oldest first, at most `limit`. */
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
