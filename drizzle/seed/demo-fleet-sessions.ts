/**
 * @module The demo fleet's charging sessions of one driver: six months of closed sessions plus the
 * current month so far on the demo stations, and a live one on a free charging connector for the
 * drivers charging now. Pure: the rows are built here and inserted by demo-fleet.ts.
 */
import type { chargingSessions, connectors, stations } from '../schema';
import type { Driver } from './demo-fleet-drivers';
import { demoCurve } from './demo-sessions';

type Station = Pick<typeof stations.$inferSelect, 'id' | 'companyId' | 'name' | 'city'>;
type Connector = typeof connectors.$inferSelect;

/** Where the fleet charges: the demo stations, their connectors, and the charging ones for live sessions. */
export interface FleetPlaces {
  station: Station[];
  plugs: { stationId: Connector['stationId']; number: Connector['connectorNumber']; evse: Connector['evseId'] }[];
  livePlugs: {
    id: Connector['id'];
    number: Connector['connectorNumber'];
    evse: Connector['evseId'];
    station: Station;
  }[];
  /** Connectors that already run a session; a live session added here marks its connector. */
  busy: Set<number | null>;
}

/** The driver as seeded: their index in DEMO_DRIVERS, user id and card. */
export interface SeededDriver {
  i: number;
  d: Driver;
  userId: number;
  uuid: string;
  card: { id: number; keyHangerCode: string } | undefined;
}

/** A deterministic pseudo-random sequence, so every seed shows the same history. */
export function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The session rows of one driver; `random` is shared by all drivers, in DEMO_DRIVERS order. */
export function driverSessions(
  { i, d, userId, uuid, card }: SeededDriver,
  { station, plugs, livePlugs, busy }: FleetPlaces,
  random: () => number,
  now: number,
): (typeof chargingSessions.$inferInsert)[] {
  const rows: (typeof chargingSessions.$inferInsert)[] = [];
  // Six months of history, plus the current month so far.
  for (let m = 6; m >= 0; m--) {
    const count = m === 0 ? Math.max(1, Math.round(d.perMonth / 3)) : d.perMonth;
    for (let n = 0; n < count; n++) {
      const s = station[(i + n) % station.length];
      if (!s) continue;
      const plug = plugs.find((p) => p.stationId === s.id);
      const start =
        now - m * 30 * 86_400_000 - Math.floor(random() * (m === 0 ? 6 : 28)) * 86_400_000 - 3_600_000 * (2 + n);
      const wh = Math.round(d.kwh * (0.6 + random() * 0.8) * 1000);
      const minutes = Math.round((wh / 1000 / 11) * 60);
      rows.push({
        cdrId: `DEMO-FLEET-${i}-${m}-${n}`,
        status: 'closed',
        stationId: s.id,
        connectorNumber: plug?.number ?? 1,
        companyId: s.companyId,
        userId,
        rfidId: card?.id ?? null,
        authId: uuid,
        startKey: `demo-fleet-${i}-${m}-${n}`,
        startAt: new Date(start),
        endAt: new Date(start + minutes * 60_000),
        meterStartWh: 0,
        meterStopWh: wh,
        energyWh: wh,
        durationS: minutes * 60,
        chargingMinutes: minutes,
        // The same recorded curve shape as the other demo sessions: AC at 11 kW.
        meterCurveJson: JSON.stringify(
          demoCurve({ startMs: start, chargingMinutes: minutes, maxPowerW: 11_000, energyWh: wh, dc: false }),
        ),
        connectorEvseId: plug?.evse ?? null,
        childEmail: d.email,
        childPlate: d.plate,
        userEmail: d.email,
        corporateGroupName: d.group,
        userKeyHangerCode: card?.keyHangerCode ?? null,
        stationName: s.name,
        stationCity: s.city,
      });
    }
  }
  if (d.charging && !d.deleted) {
    // A live session only on a charging connector that runs no other one (issue 24, section 6).
    const plug = livePlugs.find((p) => !busy.has(p.id));
    const s = plug?.station;
    if (s && plug) {
      busy.add(plug.id);
      rows.push({
        cdrId: `DEMO-FLEET-${i}-live`,
        status: 'in_progress',
        stationId: s.id,
        connectorId: plug.id,
        connectorNumber: plug.number,
        connectorEvseId: plug.evse,
        companyId: s.companyId,
        userId,
        rfidId: card?.id ?? null,
        authId: uuid,
        startKey: `demo-fleet-${i}-live`,
        startAt: new Date(now - 40 * 60_000),
        meterStartWh: 0,
        energyWh: 7400,
        userEmail: d.email,
        childEmail: d.email,
        childPlate: d.plate,
        corporateGroupName: d.group,
        stationName: s.name,
        stationCity: s.city,
      });
    }
  }
  return rows;
}
