import { describe, expect, it } from 'vitest';
import { random } from '../../scripts/pricing-workload';
import { summarizeSession } from '../ocpp/session-summary';
import { samplesOf, samplesOfJson, scanCurve } from './meter-curve';

/** A curve as the close writes it: `points` samples from `start`, some values fractional or null. */
function writtenCurve(next: () => number, points: number): string {
  const start = 1_767_225_600_000 + Math.floor(next() * 3e10);
  let wh = Math.floor(next() * 1e7);
  const input = [];
  for (let i = 1; i <= points; i++) {
    wh += Math.floor(next() * 500);
    const w = next() < 0.1 ? null : next() < 0.2 ? Math.round(next() * 2e6) / 100 : Math.floor(next() * 150_000);
    input.push({ at: start + i * 60_000, powerW: w, energyWh: next() < 0.05 ? null : next() < 0.1 ? wh + 0.5 : wh });
  }
  const summary = summarizeSession({
    startAt: start,
    endAt: start + (points + 1) * 60_000,
    meterStartWh: 0,
    meterStopWh: wh,
    points: input,
  });
  return JSON.stringify(summary.curve);
}

describe('samplesOf: the stored meter curve as samples', () => {
  it('scans the curves the close writes, reading them as JSON.parse does', () => {
    const next = random(77);
    for (let n = 0; n < 400; n++) {
      const text = writtenCurve(next, Math.floor(next() * 300));
      expect(scanCurve(text)).not.toBeNull();
      expect(samplesOf(text)).toEqual(samplesOfJson(text));
    }
    expect(samplesOf('[[1767225600000,-0,1.5e3],[1767225660000,12345678901234567,2E-2]]')).toEqual([
      { at: 1_767_225_600_000, energyWh: 1500, powerW: -0 },
      { at: 1_767_225_660_000, energyWh: 0.02, powerW: Number('12345678901234567') },
    ]);
  });

  it('reads any other text as JSON does: damaged curves, other spacing, other shapes', () => {
    const next = random(78);
    const alphabet = '[],-.0123456789eE+nul x"{}';
    for (let n = 0; n < 4_000; n++) {
      let text = writtenCurve(next, 1 + Math.floor(next() * 6));
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
        const at = Math.floor(next() * (text.length + 1));
        const cut = next() < 0.5 ? 1 : 0;
        text =
          text.slice(0, at) +
          (next() < 0.7 ? alphabet[Math.floor(next() * alphabet.length)] : '') +
          text.slice(at + cut);
      }
      expect(samplesOf(text)).toEqual(samplesOfJson(text));
    }
    for (const text of [
      '',
      '[',
      '[]',
      '[] ',
      '[[]]',
      '[[1,2]]',
      '[[1,2,3,4]]',
      '[[01,2,3]]',
      '[[1,2,-]]',
      '[[1.,2,3]]',
      '[[1,2,3e]]',
      '[[null,2,3]]',
      '[[1,null,null]]',
      '[[1,2,3],]',
      '{}',
      'null',
      '[[1,2,3]]x',
    ])
      expect(samplesOf(text)).toEqual(text ? samplesOfJson(text) : []);
  });
});
