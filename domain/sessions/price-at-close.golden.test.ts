/**
 * Pricing at close made faster must price exactly as before (issue 24 section 7). 2,000 random closed
 * sessions, each with its own random tariffs in scope (tests/support/pricing-random.ts), are decided by
 * the production path (`decideSessionPrice`) and every output the store writes (the price columns, the
 * note, the currency, the revision flag, the tariff ids, the tariff lines and the results JSON) is
 * compared, by a digest per session, with what the path printed before the change (commit a1587ba).
 * The golden file is never regenerated to make this test pass: only after a deliberate change of a
 * priced result, named in its commit (`UPDATE_PRICING_GOLDEN=1 npx vitest run --project unit <this file>`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/pricing-workload';
import { randomPricingCases } from '../../tests/support/pricing-random';
import { decideSessionPrice, type SessionPriceDecision } from './price-at-close';
import { storedResults } from './stored-results';

const GOLDEN = fileURLToPath(new URL('./price-at-close.golden.json', import.meta.url));
const CASES = 2_000;

/** Two 32-bit FNV-1a hashes of the text: 16 hex digits. */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The engine's results as a reader gets them back from the stored text and lines, as version-1 text. */
const resultsText = (d: SessionPriceDecision) => JSON.stringify(storedResults(d.resultsJson, d.lines));

/**
 * Everything the store writes of a decision, in one text. The results JSON is compared as its readers
 * see it: since ADR 009's addendum of 27 November (second) the column keeps version 2, which
 * `storedResults` reads back, with the lines, into exactly the version-1 text a1587ba wrote.
 */
function written(d: SessionPriceDecision): string {
  const { results, ...columns } = d.prices;
  return JSON.stringify([columns, d.note, d.currency, d.needsRevision, d.tariffIds, d.lines, resultsText(d)]);
}

describe('pricing at close prices exactly as before the issue 24 section 7 speed-up', () => {
  it('gives 2,000 random sessions under random tariffs the stored results', () => {
    const decisions = randomPricingCases(CASES, random(2026_11_27)).map(decideSessionPrice);
    const digests = decisions.map((d) => digest(written(d)));
    if (process.env.UPDATE_PRICING_GOLDEN === '1') {
      writeFileSync(GOLDEN, `${JSON.stringify({ cases: CASES, digests }, null, 0)}\n`);
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as { cases: number; digests: string[] };
    const differing = digests.flatMap((d, i) => (d === golden.digests[i] ? [] : [i]));
    expect(differing).toEqual([]);
    // The cases exercise what they claim: priced and unpriced perspectives, lines of every dimension,
    // adjustments, notes with revision flags, free sessions.
    const lines = new Set(decisions.flatMap((d) => d.lines.map((l) => l.dimension)));
    expect([...lines].sort()).toEqual(['ENERGY', 'FLAT', 'MAX_PRICE', 'MIN_PRICE', 'PARKING_TIME', 'TIME']);
    const priced = decisions.filter((d) => d.prices.pricingStatus === 'priced').length;
    expect(priced).toBeGreaterThan(CASES / 3);
    expect(priced).toBeLessThan(CASES);
    expect(decisions.some((d) => d.note?.includes('needs revision'))).toBe(true);
    expect(decisions.some((d) => resultsText(d).includes('"free":"grace-time"'))).toBe(true);
    // And the stored text reads back into the very results the engine returned.
    for (const d of decisions) expect(storedResults(d.resultsJson, d.lines)).toEqual(d.prices.results);
  }, 120_000);
});
