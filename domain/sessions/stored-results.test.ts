import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/pricing-workload';
import { randomPricingCases } from '../../tests/support/pricing-random';
import { decideSessionPrice } from './price-at-close';
import { storedResults, storedResultsJson } from './stored-results';

describe('session_pricing.results_json, version 2 (ADR 009, addendum of 27 November, second)', () => {
  const decisions = randomPricingCases(600, random(2026_11_27_2)).map(decideSessionPrice);

  it('reads back, with the tariff lines, into exactly the results and the version-1 text of the engine', () => {
    let exactQuantities = 0;
    let restricted = 0;
    let free = 0;
    let unpriced = 0;
    for (const d of decisions) {
      const results = d.prices.results;
      // The lines come back from the table in any order.
      const back = storedResults(d.resultsJson, [...d.lines].reverse());
      expect(back).toEqual(results);
      expect(JSON.stringify(back)).toBe(JSON.stringify(results));
      for (const r of [results.emsp, results.cpo, results.owner]) {
        if (r.kind === 'unpriced') unpriced++;
        else {
          if (r.free) free++;
          if (r.lines.some((l) => !Number.isInteger(l.quantity))) exactQuantities++;
          if (r.lines.some((l) => l.restrictions)) restricted++;
        }
      }
    }
    // The cases exercise every part of the format.
    expect(exactQuantities).toBeGreaterThan(0);
    expect(restricted).toBeGreaterThan(0);
    expect(free).toBeGreaterThan(0);
    expect(unpriced).toBeGreaterThan(0);
  });

  it('writes a text a fraction of the version-1 size, with no line in it', () => {
    let v1 = 0;
    let v2 = 0;
    for (const d of decisions) {
      v1 += JSON.stringify(d.prices.results).length;
      v2 += d.resultsJson.length;
      expect(d.resultsJson.startsWith('[2,')).toBe(true);
      expect(d.resultsJson).not.toContain('"dimension"');
    }
    expect(v2).toBeLessThan(v1 / 2);
  });

  it('reads a version-1 row (written before) as it was, without the lines', () => {
    const d = decisions.find((x) => x.lines.length > 0);
    if (!d) throw new Error('no priced case');
    const v1 = JSON.stringify(d.prices.results);
    expect(storedResults(v1, [])).toEqual(d.prices.results);
    expect(JSON.stringify(storedResults(v1, []))).toBe(v1);
  });

  it('refuses an unknown version and a text naming a line that is not stored', () => {
    expect(() => storedResults('[3,null,null,null]', [])).toThrow(/unknown version 3/);
    const d = decisions.find((x) => storedResultsJson(x.prices.results).includes(',[[0,'));
    if (!d) throw new Error('no case with a line extra');
    expect(() => storedResults(d.resultsJson, [])).toThrow(/names line 0 of 0/);
  });
});
