import { describe, expect, it } from 'vitest';
import { noteOperatorProfile, type OperatorTxLimit, operatorAmps } from '../../workers/ocpp/src/load/operator-profiles';
import type { Store } from '../../workers/ocpp/src/storage/store';

/** A store holding only what noteOperatorProfile reads and writes. */
function aStore() {
  let kept: OperatorTxLimit[] | undefined;
  const store = {
    get: () => kept,
    put: (_: string, v: OperatorTxLimit[]) => {
      kept = v;
    },
    openTransactions: () => [],
  } as unknown as Store;
  return { store, kept: () => kept };
}

const set = (profileId: number, unit: 'A' | 'W', periods: { limit: number; numberPhases?: number }[]) => ({
  connectorId: 1,
  csChargingProfiles: {
    chargingProfileId: profileId,
    transactionId: 42,
    stackLevel: 2,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: {
      chargingRateUnit: unit,
      chargingSchedulePeriod: periods.map((p, i) => ({ startPeriod: i * 60, ...p })),
    },
  },
});
const ok = { status: 'accepted', reply: { status: 'Accepted' } } as const;

describe("an operator's TxProfile limit", () => {
  it('keeps a W limit per phase, turned into ampere at the voltage of the site that reads it', () => {
    const s = aStore();
    // 6.9 kW over three phases, then 4.8 kW on one: the lowest per phase is 2300 W.
    noteOperatorProfile(
      s.store,
      'SetChargingProfile',
      set(7, 'W', [{ limit: 6900 }, { limit: 4800, numberPhases: 1 }]),
      ok,
    );
    const [l] = s.kept() ?? [];
    expect(l).toEqual({ profileId: 7, connectorId: 1, transactionId: 42, stackLevel: 2, limit: 2300, unit: 'W' });
    expect(operatorAmps(l as OperatorTxLimit, 230)).toBe(10);
    // A 240 V site: 9.58 A, not the 10 A of 230 V.
    expect(operatorAmps(l as OperatorTxLimit, 240)).toBeCloseTo(9.583, 3);
  });

  it('keeps an A limit as it is, whatever the voltage', () => {
    const s = aStore();
    noteOperatorProfile(s.store, 'SetChargingProfile', set(8, 'A', [{ limit: 16 }, { limit: 10 }]), ok);
    const [l] = s.kept() ?? [];
    expect(l).toMatchObject({ limit: 10, unit: 'A' });
    expect(operatorAmps(l as OperatorTxLimit, 240)).toBe(10);
  });
});
