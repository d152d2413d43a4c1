/**
 * The fast schema check (workers/ocpp/src/transport/fast-check.ts) may only ever accept what the
 * full validator accepts: valid payloads take the fast path, and every mutation of them that the
 * fast check lets through is also accepted by @cfworker/json-schema.
 */
import { type Schema, Validator } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import { describe, expect, it } from 'vitest';
import { compileFastCheck } from '../../workers/ocpp/src/transport/fast-check';

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
});
