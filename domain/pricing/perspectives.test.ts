import { describe, expect, it } from 'vitest';
import {
  anElement,
  aSession,
  aTariff,
  charge,
  energy,
  flat,
  park,
  parking,
  time,
} from '../../tests/support/pricing-builders';
import { priceCdr } from './perspectives';
import { ANOMALIES } from './timeline';

const session = aSession('2026-02-10T18:00:00+01:00', charge({ minutes: 60, kwh: 20 }), park({ minutes: 30 }));

const emsp = aTariff({
  id: 'emsp',
  elements: [
    anElement([
      flat('1.00', { vat: 20 }),
      energy('0.40', { vat: 20 }),
      time('0.60', { vat: 20 }),
      parking('6.00', { vat: 20, step: 60 }),
    ]),
  ],
});
const cpo = aTariff({
  id: 'cpo',
  elements: [anElement([energy('0.30'), time('0.30'), parking('4.00', { step: 60 })])],
});
const owner = aTariff({ id: 'owner', elements: [anElement([energy('0.25'), parking('2.00', { step: 60 })])] });

describe('priceCdr: the three perspectives of a CDR', () => {
  it('fills every price column of the session record in minor units', () => {
    const { results, ...fields } = priceCdr({ emsp, cpo, owner }, session);
    expect(fields).toEqual({
      pricingStatus: 'priced',
      pricingNote: null,
      needsRevision: 0,
      // Driver: 1.00 + 8.00 + 0.60 + 3.00 = 12.60 net, 20 % VAT.
      empTotal: 1512,
      empNetTotal: 1260,
      empEnergy: 960,
      empNetEnergy: 800,
      empTime: 72,
      empPenalty: 360,
      empNetPenalty: 300,
      // Sub-operator, net: 6.00 + 0.30 + 2.00.
      subcpoTotal: 830,
      subcpoEnergy: 600,
      subcpoTime: 30,
      subcpoPenalty: 200,
      // Owner, net: 5.00 + 1.00; per kWh 6.00 / 20 = 0.30 → 30 cents × 1000.
      ownerTotal: 600,
      ownerEnergy: 500,
      ownerPenalty: 100,
      ownerCostPerKwh: 30_000,
      vatValue: 252,
    });
    expect(results.emsp.kind).toBe('priced');
  });

  it('leaves a perspective without tariff null, never 0, and says why', () => {
    const fields = priceCdr({ emsp }, session);
    expect([fields.subcpoTotal, fields.ownerTotal, fields.ownerCostPerKwh]).toEqual([null, null, null]);
    expect(fields.pricingStatus).toBe('priced');
    expect(fields.pricingNote).toBe('cpo: no applicable tariff; owner: no applicable tariff');
  });

  it("names the selection's reason for a perspective without tariff, and only for one without", () => {
    const fields = priceCdr({ emsp }, session, {}, { emsp: 'ignored: it has a tariff', cpo: 'no CPO tariff in FR' });
    expect(fields.pricingNote).toBe('cpo: no CPO tariff in FR; owner: no applicable tariff');
  });

  it('is unpriced when no perspective has a tariff', () => {
    const fields = priceCdr({}, session);
    expect([fields.pricingStatus, fields.empTotal, fields.vatValue]).toEqual(['unpriced', null, null]);
  });

  it('carries the needs-revision flag and its reason', () => {
    const fields = priceCdr({ emsp }, { ...session, anomalies: [ANOMALIES.meterReset] });
    expect(fields.needsRevision).toBe(1);
    expect(fields.pricingNote).toContain('needs revision: meter reset during the session');
  });

  it('a private session: every perspective free, explicitly priced at 0', () => {
    const fields = priceCdr({ emsp, cpo, owner }, session, { privateSession: true });
    expect([fields.empTotal, fields.subcpoTotal, fields.ownerTotal, fields.ownerCostPerKwh]).toEqual([0, 0, 0, 0]);
  });

  it('no cost per kWh for a session without energy', () => {
    const fields = priceCdr({ owner }, aSession('2026-02-10T18:00:00+01:00', park({ minutes: 30 })));
    expect([fields.ownerTotal, fields.ownerCostPerKwh]).toEqual([100, null]);
  });
});
