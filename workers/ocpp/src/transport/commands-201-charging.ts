/**
 * @module 1.6 smart-charging and diagnostics commands in their OCPP 2.0.1 form (blocks K and N,
 * ADR 058 addendum): SetChargingProfile, ClearChargingProfile and GetCompositeSchedule with the EVSE
 * id for the connector id, ChargePointMaxProfile named ChargingStationMaxProfile, the schedule as the
 * list 2.0.1 wants and a TxProfile's transaction as the station's own transactionId; GetDiagnostics
 * as GetLog (DiagnosticsLog). Answers come back in the 1.6 shape.
 */
import type { Store } from '../storage/store';
import type { Translation } from './commands-201';

type Payload = Record<string, unknown>;
type Schedule16 = {
  duration?: number;
  startSchedule?: string;
  chargingRateUnit: string;
  chargingSchedulePeriod: unknown[];
  minChargingRate?: number;
};
type Profile16 = {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  chargingProfileKind: string;
  recurrencyKind?: string;
  validFrom?: string;
  validTo?: string;
  chargingSchedule: Schedule16;
};

const PURPOSE_201: Record<string, string> = { ChargePointMaxProfile: 'ChargingStationMaxProfile' };
const status = (reply: unknown) => ({ status: String((reply as { status?: unknown }).status) });
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** An id of ours for a request the station echoes (GetLog): seconds, within int32. */
export const requestIdNow = () => Math.floor(Date.now() / 1000) % 2_147_483_647;

/** The 2.0.1 transactionId of our transaction `n`, or why a TxProfile cannot name it. */
function stationTransactionId(store: Store, n: number): string | { error: string } {
  const key = store.transaction(n)?.startKey ?? '';
  return key.startsWith('tx:') ? key.slice(3) : { error: `Transaction ${n} is not an OCPP 2.0.1 transaction here` };
}

function setChargingProfile(store: Store, p: Payload): Translation | string {
  const profile = p.csChargingProfiles as Profile16;
  const { chargingSchedule: s, transactionId, chargingProfileId, chargingProfilePurpose, ...rest } = profile;
  let tx: string | undefined;
  if (transactionId !== undefined) {
    const found = stationTransactionId(store, transactionId);
    if (typeof found !== 'string') return found.error;
    tx = found;
  }
  return {
    action: 'SetChargingProfile',
    payload: {
      evseId: p.connectorId,
      chargingProfile: defined({
        ...rest,
        id: chargingProfileId,
        chargingProfilePurpose: PURPOSE_201[chargingProfilePurpose] ?? chargingProfilePurpose,
        transactionId: tx,
        // 2.0.1 holds up to three schedules; the 1.6 one is the first (its id: the profile's).
        chargingSchedule: [defined({ id: chargingProfileId, ...s })],
      }),
    },
    reply: status,
  };
}

function clearChargingProfile(p: Payload): Translation {
  const criteria = defined({
    evseId: p.connectorId as number | undefined,
    chargingProfilePurpose:
      p.chargingProfilePurpose === undefined
        ? undefined
        : (PURPOSE_201[String(p.chargingProfilePurpose)] ?? p.chargingProfilePurpose),
    stackLevel: p.stackLevel as number | undefined,
  });
  return {
    action: 'ClearChargingProfile',
    payload: defined({
      chargingProfileId: p.id as number | undefined,
      chargingProfileCriteria: Object.keys(criteria).length > 0 ? criteria : undefined,
    }),
    reply: status,
  };
}

type Composite201 = {
  status: string;
  schedule?: {
    evseId: number;
    duration: number;
    scheduleStart: string;
    chargingRateUnit: string;
    chargingSchedulePeriod: unknown[];
  };
};

function getCompositeSchedule(p: Payload): Translation {
  return {
    action: 'GetCompositeSchedule',
    payload: defined({ evseId: p.connectorId, duration: p.duration, chargingRateUnit: p.chargingRateUnit }),
    reply: (reply) => {
      const r = reply as Composite201;
      if (!r.schedule) return { status: r.status };
      const s = r.schedule;
      return {
        status: r.status,
        connectorId: s.evseId,
        scheduleStart: s.scheduleStart,
        chargingSchedule: {
          duration: s.duration,
          startSchedule: s.scheduleStart,
          chargingRateUnit: s.chargingRateUnit,
          chargingSchedulePeriod: s.chargingSchedulePeriod,
        },
      };
    },
  };
}

function getDiagnostics(p: Payload): Translation {
  return {
    action: 'GetLog',
    payload: defined({
      logType: 'DiagnosticsLog',
      requestId: requestIdNow(),
      retries: p.retries,
      retryInterval: p.retryInterval,
      log: defined({ remoteLocation: p.location, oldestTimestamp: p.startTime, latestTimestamp: p.stopTime }),
    }),
    // 1.6 answers only the file name; the 2.0.1 status (Accepted, Rejected, AcceptedCanceled) is kept beside it.
    reply: (reply) => {
      const r = reply as { status: string; filename?: string };
      return { status: r.status, ...(r.filename !== undefined ? { fileName: r.filename } : {}) };
    },
  };
}

/** The 2.0.1 form of a 1.6 command of blocks K and N; a string says why it cannot go; null: not one of them. */
export function chargingCommand201(store: Store, action: string, p: Payload): Translation | string | null {
  switch (action) {
    case 'SetChargingProfile':
      return setChargingProfile(store, p);
    case 'ClearChargingProfile':
      return clearChargingProfile(p);
    case 'GetCompositeSchedule':
      return getCompositeSchedule(p);
    case 'GetDiagnostics':
      return getDiagnostics(p);
    default:
      return null;
  }
}
