/**
 * The fast schema check (workers/ocpp/src/transport/fast-check.ts) may only ever accept what the
 * full validator accepts: valid payloads take the fast path, and every mutation of them that the
 * fast check lets through is also accepted by @cfworker/json-schema.
 */
import { format, type Schema, Validator } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import { describe, expect, it } from 'vitest';
import { compileFastCheck, isPlainDateTime } from '../../workers/ocpp/src/transport/fast-check';

const byId = new Map((schemas as Schema[]).map((s) => [String(s.$id), s]));
const schema = (id: string) => byId.get(id) as Schema;

const samples: Record<string, unknown> = {
  'urn:MeterValues.req': {
    connectorId: 1,
    transactionId: 7,
    meterValue: [
      {
        timestamp: '2026-11-21T10:00:00.000Z',
        sampledValue: [
          {
            value: '1234',
            context: 'Sample.Periodic',
            format: 'Raw',
            measurand: 'Energy.Active.Import.Register',
            location: 'Outlet',
            unit: 'Wh',
          },
          { value: '230.1', measurand: 'Voltage', phase: 'L1-N', unit: 'V' },
        ],
      },
    ],
  },
  'urn:StatusNotification.req': {
    connectorId: 0,
    errorCode: 'NoError',
    status: 'Available',
    timestamp: '2026-11-21T10:00:00Z',
  },
  'urn:BootNotification.req': { chargePointVendor: 'ACME', chargePointModel: 'X1', firmwareVersion: '1.0' },
  'urn:StartTransaction.req': { connectorId: 1, idTag: 'TAG1', meterStart: 0, timestamp: '2026-11-21T10:00:00Z' },
  'urn:Heartbeat.req': {},
};

/** Every way we mutate a payload: drop, retype or replace each property, add one, at every depth. */
function mutations(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    return [[], 'x', ...value.flatMap((v, i) => mutations(v).map((m) => value.map((x, j) => (i === j ? m : x))))];
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const out: unknown[] = [{ ...o, extra: 1 }, null, []];
    for (const k of Object.keys(o)) {
      const { [k]: _drop, ...rest } = o;
      out.push(rest);
      for (const m of mutations(o[k])) out.push({ ...o, [k]: m });
    }
    return out;
  }
  return ['x'.repeat(600), 'Bogus', '2026-13-45T99:00:00Z', -1, 1.5, 0, true, null, {}, []];
}

describe('fast OCPP schema check', () => {
  for (const [id, sample] of Object.entries(samples)) {
    it(`${id}: accepts the valid payload, and never accepts what the full validator refuses`, () => {
      const fast = compileFastCheck(schema(id));
      const full = new Validator(schema(id), '7', true);
      expect(fast).not.toBeNull();
      expect(full.validate(sample).valid).toBe(true);
      expect(fast?.(sample)).toBe(true);
      const all = mutations(sample);
      expect(all.length).toBeGreaterThan(2);
      for (const m of all) if (fast?.(m)) expect(full.validate(m).valid, JSON.stringify(m)).toBe(true);
      // And it refuses some: it is a real check, not a pass-through.
      expect(all.some((m) => !fast?.(m))).toBe(true);
    });
  }

  it('gives up on schemas it does not fully understand ($ref)', () => {
    const withRef = (schemas as Schema[]).find((s) => JSON.stringify(s).includes('"$ref"'));
    expect(withRef).toBeDefined();
    expect(compileFastCheck(withRef as Schema)).toBeNull();
  });

  it('reads plain date-times digit by digit and accepts only what the library accepts', () => {
    const library = format['date-time'] as (s: string) => boolean;
    const plain = [
      '2026-11-21T10:00:00Z',
      '2026-11-21T10:00:00.123Z',
      '2026-11-21t23:59:59.1z',
      '2024-02-29T00:00:00+01:00',
      '2026-12-31T12:30:45.123456-11:30',
    ];
    for (const s of plain) {
      expect(isPlainDateTime(s), s).toBe(true);
      expect(library(s), s).toBe(true);
    }
    const base = '2026-11-21T10:00:00.123+01:30';
    // Every single-character change and every truncation of a valid date-time.
    const variants = [
      '2025-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-11-21T10:00:60Z',
      '2026-11-21 10:00:00Z',
      '2026-11-21T10:00:00',
      '2026-11-21T10:00:00.Z',
      ...Array.from({ length: base.length }, (_, i) => base.slice(0, i)),
      ...Array.from({ length: base.length }, (_, i) =>
        ['0', '9', 'T', 'Z', '-', ':', '.', '+', ' ', 'x'].map((c) => base.slice(0, i) + c + base.slice(i + 1)),
      ).flat(),
    ];
    let refused = 0;
    for (const s of variants) {
      if (isPlainDateTime(s)) expect(library(s), s).toBe(true);
      else refused++;
    }
    expect(refused).toBeGreaterThan(base.length);
  });
});
