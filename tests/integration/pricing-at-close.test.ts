/**
 * Pricing at close inside workerd (issue 5 part 3): the tariff of each party is chosen by type and
 * scope, the three perspectives are written, a second run is a no-op, a session without tariffs stays
 * unpriced with the reason, inconsistent data is flagged for revision.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedResults } from '../../domain/sessions/stored-results';
import type { ElementInput, TariffType } from '../../domain/tariffs/model';
import { priceClosedSession } from '../../drizzle/queries/pricing.store';
import { chargingSessions, sessionPricing, sessionTariffLines, tariffs } from '../../drizzle/schema';
import { createCompany, createStation } from '../../drizzle/seed/factories';
import { db, unique } from './helpers';

const T0 = Date.parse('2026-03-10T10:00:00Z');
const min = (n: number) => T0 + n * 60_000;

async function tariff(
  companyId: number,
  type: TariffType,
  elements: ElementInput[],
  over: Partial<typeof tariffs.$inferInsert> = {},
) {
  const [row] = await db
    .insert(tariffs)
    .values({
      companyId,
      type,
      status: 'approved',
      name: unique(type),
      elementsJson: JSON.stringify(elements),
      ...over,
    })
    .returning();
  if (!row) throw new Error('no tariff');
  return row;
}

async function closedSession(
  companyId: number,
  stationId: number,
  over: Partial<typeof chargingSessions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(chargingSessions)
    .values({
      cdrId: unique('cdr'),
      status: 'closed',
      stationId,
      connectorNumber: 1,
      companyId,
      authId: 'TAG-1',
      startKey: unique('key'),
      startAt: new Date(T0),
      endAt: new Date(min(60)),
      stopChargingAt: new Date(min(45)),
      meterStartWh: 0,
      meterStopWh: 10_000,
      energyWh: 10_000,
      meterCurveJson: JSON.stringify([
        [min(0), 13_333, 0],
        [min(15), 13_333, 3_333],
        [min(30), 13_333, 6_667],
        [min(45), 0, 10_000],
        [min(60), 0, 10_000],
      ]),
      ...over,
    })
    .returning();
  if (!row) throw new Error('no session');
  return row;
}

const reread = async (id: number) => {
  const row = await db.select().from(chargingSessions).where(eq(chargingSessions.id, id)).get();
  if (!row) throw new Error('session gone');
  return row;
};

async function network() {
  const parent = await createCompany(db, { name: unique('Parent'), cpms: 'public' });
  const child = await createCompany(db, { name: unique('Sub'), cpms: 'public', parentCompanyId: parent.id });
  const owner = await createCompany(db, { name: unique('Owner') });
  const station = await createStation(db, {
    uid: unique('ST'),
    companyId: child.id,
    ownerCompanyId: owner.id,
    country: 'FR',
  });
  return { parent, child, owner, station };
}

describe('priceClosedSession', () => {
  it('writes the driver, sub-operator and owner prices from the tariff of each type and scope', async () => {
    const n = await network();
    // EMSP tariff at the parent applies to the child's stations.
    const emp = await tariff(n.parent.id, 'emp', [
      { price_components: [{ type: 'FLAT', price: 5000, vat_bp: 2000, step_size: 0 }] },
      { price_components: [{ type: 'ENERGY', price: 3000, vat_bp: 2000, step_size: 1 }] },
      { price_components: [{ type: 'PARKING_TIME', price: 12000, vat_bp: 2000, step_size: 60 }] },
    ]);
    // A QR-only tariff must not price an RFID session; a pending one never prices.
    await tariff(
      n.parent.id,
      'emp',
      [{ price_components: [{ type: 'ENERGY', price: 9000, vat_bp: 2000, step_size: 1 }] }],
      {
        paymentType: 'qr',
      },
    );
    await tariff(
      n.child.id,
      'cpo',
      [{ price_components: [{ type: 'ENERGY', price: 9999, vat_bp: null, step_size: 1 }] }],
      {
        status: 'pending',
      },
    );
    const cpo = await tariff(n.child.id, 'cpo', [
      { price_components: [{ type: 'ENERGY', price: 2000, vat_bp: null, step_size: 1 }] },
    ]);
    const owner = await tariff(n.owner.id, 'owner', [
      { price_components: [{ type: 'ENERGY', price: 1000, vat_bp: null, step_size: 1 }] },
    ]);
    const s = await closedSession(n.child.id, n.station.id, { ownerCompanyId: n.owner.id });

    expect(await priceClosedSession(db, s.id)).toMatchObject({ outcome: 'priced' });
    const row = await reread(s.id);
    expect(row).toMatchObject({
      pricingStatus: 'priced',
      pricingNote: null,
      needsRevision: 0,
      // 0.50 + 10 kWh × 0.30 + 15 min parked × 1.20/h = 3.80 excl., 4.56 incl. 20 % VAT
      empNetTotal: 380,
      empTotal: 456,
      empNetEnergy: 300,
      empEnergy: 360,
      empTime: 0,
      empNetPenalty: 30,
      empPenalty: 36,
      vatValue: 76,
      subcpoTotal: 200,
      subcpoEnergy: 200,
      subcpoTime: 0,
      subcpoPenalty: 0,
      ownerTotal: 100,
      ownerEnergy: 100,
      ownerPenalty: 0,
      ownerCostPerKwh: 10_000,
    });
    const record = await db.select().from(sessionPricing).where(eq(sessionPricing.sessionId, s.id)).get();
    expect(record).toMatchObject({ empTariffId: emp.id, subcpoTariffId: cpo.id, ownerTariffId: owner.id });
    // The stored results (version 2, ADR 009 addendum of 27 November) read back, with the stored tariff
    // lines, into the engine's results: lines, totals and VAT of each perspective as the columns say.
    const lines = await db.select().from(sessionTariffLines).where(eq(sessionTariffLines.sessionId, s.id));
    expect(record?.resultsJson.startsWith('[2,')).toBe(true);
    const results = storedResults(record?.resultsJson ?? '', lines);
    expect(results.emsp).toMatchObject({
      kind: 'priced',
      tariffId: String(emp.id),
      currency: 'EUR',
      totals: { exclVat: 380, vat: 76, inclVat: 456 },
      quantities: { energyWh: 10_000 },
    });
    expect(results.emsp.kind === 'priced' && results.emsp.lines.map((l) => [l.dimension, l.inclVat])).toEqual([
      ['FLAT', 60],
      ['ENERGY', 360],
      ['PARKING_TIME', 36],
    ]);
    expect(results.cpo).toMatchObject({ kind: 'priced', totals: { exclVat: 200, vat: 0, inclVat: 200 } });
    expect(results.owner).toMatchObject({ kind: 'priced', totals: { exclVat: 100 } });

    // Idempotent: a second run (a retried close) is a no-op, even after a new tariff appears.
    await tariff(n.child.id, 'emp', [{ price_components: [{ type: 'ENERGY', price: 1, vat_bp: null, step_size: 1 }] }]);
    expect(await priceClosedSession(db, s.id)).toMatchObject({ outcome: 'skipped' });
    expect((await reread(s.id)).empNetTotal).toBe(380);
  });

  it('uses the QR tariff for a QR session, the newest version in force at start, and the revenue tariff for the owner', async () => {
    const n = await network();
    await tariff(n.child.id, 'emp', [
      { price_components: [{ type: 'ENERGY', price: 3000, vat_bp: null, step_size: 1 }] },
    ]);
    await tariff(
      n.child.id,
      'emp',
      [{ price_components: [{ type: 'ENERGY', price: 5000, vat_bp: null, step_size: 1 }] }],
      {
        paymentType: 'qr',
        applyFrom: new Date('2026-01-01T00:00:00Z'),
      },
    );
    await tariff(
      n.child.id,
      'emp',
      [{ price_components: [{ type: 'ENERGY', price: 6000, vat_bp: null, step_size: 1 }] }],
      {
        paymentType: 'qr',
        applyFrom: new Date('2026-03-01T00:00:00Z'),
      },
    );
    // Applies only after the session started: not used.
    await tariff(
      n.child.id,
      'emp',
      [{ price_components: [{ type: 'ENERGY', price: 7000, vat_bp: null, step_size: 1 }] }],
      {
        paymentType: 'qr',
        applyFrom: new Date('2026-03-10T10:30:00Z'),
      },
    );
    await tariff(n.owner.id, 'owner', [
      { price_components: [{ type: 'ENERGY', price: 1000, vat_bp: null, step_size: 1 }] },
    ]);
    await tariff(n.owner.id, 'revenue', [
      { price_components: [{ type: 'ENERGY', price: 1500, vat_bp: null, step_size: 1 }] },
    ]);
    const s = await closedSession(n.child.id, n.station.id, { ownerCompanyId: n.owner.id, startMethod: 'QR' });
    await priceClosedSession(db, s.id);
    const row = await reread(s.id);
    expect({ emp: row.empNetTotal, owner: row.ownerTotal, sub: row.subcpoTotal, status: row.pricingStatus }).toEqual({
      emp: 600,
      owner: 150,
      sub: null,
      status: 'priced',
    });
    expect(row.pricingNote).toContain('cpo: no approved cpo tariff in the company scope');
  });

  it('keeps a session without any applicable tariff unpriced, with the reason, never 0', async () => {
    const n = await network();
    // Another country only.
    await tariff(
      n.child.id,
      'emp',
      [{ price_components: [{ type: 'ENERGY', price: 3000, vat_bp: null, step_size: 1 }] }],
      {
        countriesJson: '["BE"]',
      },
    );
    const s = await closedSession(n.child.id, n.station.id);
    expect(await priceClosedSession(db, s.id)).toMatchObject({ outcome: 'unpriced' });
    const row = await reread(s.id);
    expect(row).toMatchObject({ pricingStatus: 'unpriced', empTotal: null, subcpoTotal: null, ownerTotal: null });
    expect(row.pricingNote).toContain('emsp: no emp tariff applies to this session');
    expect(row.pricingNote).toContain('owner: no approved owner tariff in the company scope');
  });

  it('prices inconsistent data as far as sound and flags cdr_needs_revision', async () => {
    const n = await network();
    await tariff(n.child.id, 'emp', [
      { price_components: [{ type: 'ENERGY', price: 3000, vat_bp: null, step_size: 1 }] },
    ]);
    const negative = await closedSession(n.child.id, n.station.id, {
      meterStartWh: 5_000,
      meterStopWh: 1_000,
      energyWh: null,
      meterCurveJson: '[]',
    });
    await priceClosedSession(db, negative.id);
    const a = await reread(negative.id);
    expect({ status: a.pricingStatus, total: a.empNetTotal, revision: a.needsRevision }).toEqual({
      status: 'priced',
      total: 0,
      revision: 1,
    });
    expect(a.pricingNote).toContain('negative energy');
    const reset = await closedSession(n.child.id, n.station.id, {
      meterCurveJson: JSON.stringify([
        [min(10), 5_000, 2_000],
        [min(20), 5_000, 100],
        [min(60), 5_000, 10_000],
      ]),
    });
    await priceClosedSession(db, reset.id);
    expect((await reread(reset.id)).needsRevision).toBe(1);
    const backwards = await closedSession(n.child.id, n.station.id, { endAt: new Date(min(-5)), stopChargingAt: null });
    await priceClosedSession(db, backwards.id);
    const c = await reread(backwards.id);
    expect(c.needsRevision).toBe(1);
    expect(c.pricingNote).toContain('end before start');
  });

  it('leaves an open session alone', async () => {
    const n = await network();
    const s = await closedSession(n.child.id, n.station.id, { status: 'in_progress', endAt: null });
    expect(await priceClosedSession(db, s.id)).toMatchObject({ outcome: 'skipped' });
    expect((await reread(s.id)).pricingStatus).toBe('unpriced');
  });
});
