import { describe, expect, it } from 'vitest';
import { compileTariff } from '../../domain/pricing/compile';
import { decideSessionPrice as priceFromRows } from '../../domain/sessions/price-at-close';
import {
  freshTariffRows,
  generate,
  materialise,
  priceUncached,
  productionInputs,
  random,
  SCENARIO_TARIFFS,
} from '../../scripts/pricing-workload';
import { engineTariffOf } from './pricing.store';

/** A row of the scenario as a new read returns it: new objects, new strings. */
const readRow = (id: number) => {
  const row = freshTariffRows(JSON.stringify(SCENARIO_TARIFFS.filter((r) => r.id === id)))[0];
  if (!row) throw new Error(`no scenario tariff ${id}`);
  return row;
};

describe('engineTariffOf: one compiled tariff per tariff version (issue 24 section 7)', () => {
  it('gives two sessions priced with rows of the same version one shared, compiled tariff', () => {
    const first = readRow(101);
    const second = readRow(101);
    expect(second).not.toBe(first);
    expect(second.elementsJson).toBe(first.elementsJson);
    const a = engineTariffOf(first);
    const b = engineTariffOf(second);
    expect(b).toBe(a);
    expect(compileTariff(b)).toBe(compileTariff(a));
    // The shared object cannot be changed by one session for the others.
    expect(() => {
      (a as { currency: string }).currency = 'USD';
    }).toThrow(TypeError);
    expect(() => {
      (a.elements[0]?.priceComponents[0] as { price: number }).price = 1;
    }).toThrow(TypeError);
  });

  it('compiles a new version, a changed cap and a reused id with other content anew', () => {
    const v2 = engineTariffOf(readRow(101));
    const v1 = engineTariffOf(readRow(100));
    expect(v1).not.toBe(v2);
    // Same id, next version (a copy approved later): a new object.
    const next = { ...readRow(101), version: 3, updatedAt: new Date('2026-09-01T00:00:00Z') };
    expect(engineTariffOf(next)).not.toBe(v2);

    // The customer group's cap changes the tariff: one object per cap, each reused.
    const capped = engineTariffOf(readRow(103), 1200);
    expect(capped).not.toBe(engineTariffOf(readRow(103)));
    expect(capped.maxPrice).toEqual({ exclVat: 1200 });
    expect(engineTariffOf(readRow(103), 1200)).toBe(capped);
    const looser = engineTariffOf(readRow(103), 900);
    expect(looser).not.toBe(capped);
    expect(looser.maxPrice).toEqual({ exclVat: 900 });

    // An id and version reused with other content (a test database, an edited pending row): rebuilt.
    const edited = { ...readRow(101), elementsJson: readRow(100).elementsJson };
    const rebuilt = engineTariffOf(edited);
    expect(rebuilt).not.toBe(v2);
    expect(rebuilt.elements).toEqual(v1.elements);
    expect(engineTariffOf(readRow(101)).elements).toEqual(v2.elements);
  });

  it('prices many sessions exactly as the uncached build does', () => {
    const next = random(24_7);
    const timelines = generate(1_200, next);
    const inputs = [
      ...productionInputs(timelines.slice(0, 600), 1),
      ...productionInputs(timelines.slice(600), 601, { sampleIntervalS: 60 }),
    ];
    let cached = 0;
    let uncached = 0;
    let priced = 0;
    for (const input of inputs) {
      const now = priceFromRows(materialise(input));
      const before = priceUncached(materialise(input));
      expect(now.resultsJson).toBe(before.resultsJson);
      expect(now.note).toBe(before.note);
      expect(now.lines).toEqual(before.lines);
      const p = now.prices;
      cached += (p.empTotal ?? 0) + (p.subcpoTotal ?? 0) + (p.ownerTotal ?? 0);
      const q = before.prices;
      uncached += (q.empTotal ?? 0) + (q.subcpoTotal ?? 0) + (q.ownerTotal ?? 0);
      if (p.pricingStatus === 'priced' && p.empTotal !== null && p.subcpoTotal !== null) priced++;
    }
    expect(cached).toBe(uncached);
    // The workload prices every session for the driver and the sub-operator, so the sum means something.
    expect(priced).toBe(inputs.length);
    expect(cached).toBeGreaterThan(0);
    // Generous: a shared machine may be slow; the test asserts results, not time.
  }, 120_000);
});
