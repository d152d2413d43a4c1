import { describe, expect, it } from 'vitest';
import {
  type ClosingSession,
  closingVerdict,
  decideSessionPrice,
  type PriceAtCloseFacts,
  type StoredTariffRow,
  samplesOf,
  selectSessionTariffs,
} from './price-at-close';
import { storedResults } from './stored-results';

const start = new Date('2026-03-02T08:00:00Z');
const end = new Date('2026-03-02T09:00:00Z');

const session = (o: Partial<ClosingSession> = {}): ClosingSession & { endAt: Date } => ({
  id: 7,
  status: 'closed',
  refusedStatus: null,
  pricingStatus: 'unpriced',
  pricingNote: null,
  startAt: start,
  meterStartWh: 1000,
  meterStopWh: 11_000,
  meterCurveJson: null,
  stopChargingAt: null,
  currency: 'EUR',
  needsRevision: 0,
  ...o,
  endAt: o.endAt ?? end,
});

/** A tariff of 0.25 per kWh excl. VAT (0.30 incl. at 20 %) of `type` for `companyId`. */
const tariff = (id: number, type: StoredTariffRow['type'], companyId: number, o: Partial<StoredTariffRow> = {}) => ({
  id,
  type,
  status: 'approved' as const,
  companyId,
  countriesJson: '[]',
  customerGroupId: null,
  paymentType: null,
  versionOf: null,
  approvedAt: start,
  currency: 'EUR',
  elementsJson: JSON.stringify([{ price_components: [{ type: 'ENERGY', price: 2500, vat_bp: 2000, step_size: 1 }] }]),
  graceTimeS: 0,
  freeParkingS: 0,
  minPriceExclVat: null,
  maxPriceExclVat: null,
  maxPriceInclVat: null,
  vatIncluded: true,
  validFrom: null,
  validTo: null,
  applyFrom: null,
  version: 1,
  updatedAt: start,
  ...o,
});

const facts = (o: Partial<PriceAtCloseFacts> = {}): PriceAtCloseFacts => ({
  session: session(),
  station: { country: 'FR', timeZone: 'Europe/Paris' },
  operatorChain: [10, 1],
  ownerChain: [],
  group: undefined,
  paymentType: 'business_pass',
  mps: [],
  rows: [],
  ...o,
});

describe('closingVerdict: which sessions pricing at close leaves alone', () => {
  it('answers not-found, skipped (open, refused, already priced) or null (price it)', () => {
    expect(closingVerdict(undefined, false)).toEqual({ outcome: 'not-found', note: null });
    expect(closingVerdict({ ...session(), status: 'in_progress' }, false)).toEqual({
      outcome: 'skipped',
      note: 'session not closed',
    });
    expect(closingVerdict({ ...session(), endAt: null }, false)?.outcome).toBe('skipped');
    expect(closingVerdict(session({ refusedStatus: 'Blocked', pricingNote: 'refused' }), true)).toEqual({
      outcome: 'skipped',
      note: 'refused',
    });
    const priced = session({ pricingStatus: 'priced', pricingNote: 'n' });
    expect(closingVerdict(priced, false)).toEqual({ outcome: 'skipped', note: 'n' });
    expect(closingVerdict(priced, true)).toBeNull();
    expect(closingVerdict(session(), false)).toBeNull();
  });
});

describe('samplesOf: the stored meter curve as samples', () => {
  it('keeps points with a register reading, drops the others and survives bad JSON', () => {
    expect(samplesOf('[[1000, 7400, 1500], [2000, null, 1600], [3000, 7000], "x"]')).toEqual([
      { at: 1000, energyWh: 1500, powerW: 7400 },
      { at: 2000, energyWh: 1600 },
    ]);
    expect(samplesOf('{')).toEqual([]);
    expect(samplesOf('{}')).toEqual([]);
    expect(samplesOf(null)).toEqual([]);
  });
});

describe('selectSessionTariffs: each party and the group cap', () => {
  it('prefers the owner’s revenue tariff to its owner tariff and caps the driver tariff for a live group', () => {
    const rows = [tariff(1, 'emp', 10), tariff(2, 'cpo', 1), tariff(3, 'owner', 20), tariff(4, 'revenue', 20)];
    const group = { id: 5, deletedAt: null, maxPriceExclVat: 900 };
    const sel = selectSessionTariffs(facts({ rows, ownerChain: [20], group }));
    expect([sel.emp.tariff?.id, sel.cpo.tariff?.id, sel.owner.tariff?.id]).toEqual([1, 2, 4]);
    expect(sel.empCapExclVat).toBe(900);
    const deleted = selectSessionTariffs(facts({ rows, group: { ...group, deletedAt: start } }));
    expect(deleted.empCapExclVat).toBeNull();
    expect(deleted.owner.tariff).toBeNull();
  });
});

describe('decideSessionPrice: the figures pricing at close writes', () => {
  it('prices 10 kWh at 0.30 incl. VAT for the driver, with the tariff lines and ids', () => {
    const d = decideSessionPrice(facts({ rows: [tariff(1, 'emp', 10, { currency: 'CHF' })] }));
    expect(d.prices.pricingStatus).toBe('priced');
    expect(d.prices.empTotal).toBe(300);
    expect(d.currency).toBe('CHF');
    expect(d.tariffIds).toEqual({ emp: 1, cpo: null, owner: null });
    expect(d.lines).toEqual([
      expect.objectContaining({
        sessionId: 7,
        party: 'emp',
        position: 0,
        dimension: 'ENERGY',
        tariffId: 1,
        inclVat: 300,
      }),
    ]);
    expect(d.note).toMatch(/^cpo: .*; owner: /);
    expect(storedResults(d.resultsJson, d.lines).emsp.kind).toBe('priced');
  });

  it('keeps the session’s currency and raised revision flag when nothing prices it', () => {
    const d = decideSessionPrice(facts({ session: session({ currency: 'SEK', needsRevision: 1 }) }));
    expect(d.prices.pricingStatus).toBe('unpriced');
    expect(d.currency).toBe('SEK');
    expect(d.needsRevision).toBe(1);
    expect(d.lines).toEqual([]);
  });

  it('charges a session the back office stopped for a limit or the balance even under the grace time', () => {
    // 10 kWh in 90 s (a fast DC charge) under a 120 s grace time.
    const quick = { endAt: new Date(start.getTime() + 90_000) };
    const rows = [tariff(1, 'emp', 10, { graceTimeS: 120 })];
    expect(decideSessionPrice(facts({ rows, session: session(quick) })).prices.empTotal).toBe(0);
    const stopped = session({
      ...quick,
      remark: 'Stopped by the back office: the prepaid balance is used up (2.00 EUR balance, …).',
    });
    expect(decideSessionPrice(facts({ rows, session: stopped })).prices.empTotal).toBe(300);
  });
});
