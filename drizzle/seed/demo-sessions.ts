/**
 * @module Demo charging sessions (CDRs) for the session screens: thirty days on every demo station,
 * fleet drivers by RFID, QR and payment-terminal (EP-) payments, a few in progress and a few flagged
 * for revision, each closed one with a recorded power curve (DC ones with current, voltage and state
 * of charge). Deterministic (seeded generator) and idempotent (cdr ids DEMO-…). Unpriced until the
 * pricing engine runs; demo-sessions-priced.ts prices a share of them for the price columns.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db';
import { chargingSessions, companies, connectors, rfids, stations, users } from '../schema';
import { demoPrices } from './demo-sessions-priced';
import { createUser } from './factories';

/**
 * Drivers of the demo fleet whose history fills the session tables. They have no login and no
 * limits, and their cards are not the DEMO-RFID cards of the README, so seeding their sessions
 * changes no authorization answer of those cards (limits, concurrent transaction).
 */
const DRIVERS = [
  { first: 'Anaïs', last: 'Perrin', plate: 'GE-412-FW', employee: 'E2041', cost: 'CC-LOG', group: 'Drivers Lyon' },
  { first: 'Benoît', last: 'Caron', plate: 'FH-208-FW', employee: 'E2107', cost: 'CC-SALES', group: 'Drivers Paris' },
  { first: 'Camille', last: 'Noël', plate: 'GK-730-FW', employee: 'E2163', cost: 'CC-OPS', group: 'Drivers Lyon' },
  { first: 'Damien', last: 'Riviere', plate: 'FZ-951-FW', employee: 'E2219', cost: 'CC-LOG', group: 'Management' },
  { first: 'Elodie', last: 'Henry', plate: 'GA-118-FW', employee: 'E2275', cost: 'CC-SALES', group: 'Drivers Paris' },
  { first: 'Fabien', last: 'Garnier', plate: 'GB-664-FW', employee: 'E2331', cost: 'CC-OPS', group: 'Management' },
] as const;

async function demoDrivers(db: Db) {
  const fleet = await db.select().from(companies).where(eq(companies.name, 'Fleetwise Logistics')).get();
  if (!fleet) return [];
  const emails = DRIVERS.map(
    (d) => `${d.first.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}.${d.last.toLowerCase()}@fleetwise.test`,
  );
  for (const [i, d] of DRIVERS.entries()) {
    const email = emails[i] ?? '';
    if (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) continue;
    const user = await createUser(db, {
      companyId: fleet.id,
      email,
      firstName: d.first,
      lastName: d.last,
      licensePlate: d.plate,
      employeeNumber: d.employee,
      costCenter: d.cost,
      canChargePublic: true,
      canChargeWork: true,
    });
    await db
      .insert(rfids)
      .values({ companyId: fleet.id, keyHangerCode: `FW-D${i + 1}`, uuid: `DEMO-DRV-000${i + 1}`, userId: user.id })
      .onConflictDoNothing({ target: rfids.uuid });
  }
  const rows = await db
    .select({ rfid: rfids, user: users })
    .from(rfids)
    .innerJoin(users, eq(users.id, rfids.userId))
    .where(and(inArray(users.email, emails), like(rfids.uuid, 'DEMO-DRV-%')));
  return rows.map((r) => ({ ...r, group: DRIVERS[emails.indexOf(r.user.email)]?.group ?? null }));
}

const MIN = 60_000;
const DAY = 86_400_000;

function generator(seed: number) {
  let state = (seed * 2_654_435_761) >>> 0;
  return () => {
    state = (1_664_525 * state + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Insert = typeof chargingSessions.$inferInsert;

export interface CurveInput {
  startMs: number;
  chargingMinutes: number;
  maxPowerW: number;
  energyWh: number;
  dc: boolean;
}

/** A plausible curve: ramp, plateau, taper (DC), points every few minutes, [ms, W, Wh, A?, V?, SoC?]. */
export function demoCurve(c: CurveInput): (number | null)[][] {
  const points = Math.max(4, Math.min(60, Math.round(c.chargingMinutes / 3)));
  const step = (c.chargingMinutes * MIN) / (points - 1);
  const raw: number[] = [];
  for (let i = 0; i < points; i++) {
    const x = i / (points - 1);
    const taper = c.dc ? (x < 0.55 ? 1 : 1 - (x - 0.55) * 1.5) : x > 0.92 ? 0.4 : 1;
    raw.push(Math.max(0, (i === 0 ? 0.3 : 1) * taper));
  }
  const area = raw.reduce((s, v) => s + v, 0) * (step / 3_600_000);
  const scale = area > 0 ? c.energyWh / area : 0;
  const out: (number | null)[][] = [];
  let energy = 0;
  for (let i = 0; i < points; i++) {
    const w = Math.round(Math.min(c.maxPowerW, (raw[i] ?? 0) * scale));
    if (i > 0) energy += ((raw[i - 1] ?? 0) * scale * step) / 3_600_000;
    const at = Math.round(c.startMs + i * step);
    if (c.dc) {
      const v = 400 + Math.round((i / points) * 60);
      out.push([
        at,
        w,
        Math.round(energy),
        Math.round(w / v),
        v,
        Math.min(100, 20 + Math.round((energy / c.energyWh) * 60)),
      ]);
    } else out.push([at, w, Math.round(energy), Math.round(w / 400 / 1.732), 400, null]);
  }
  return out;
}

/** Inserts the demo sessions once; returns how many were written. */
/** Connector states with a car drawing (or paused in) a charge: the only ones a demo session may be running on. */
const OCCUPIED: ReadonlySet<string> = new Set(['charging', 'suspended_ev', 'suspended_evse']);

export async function seedDemoSessions(db: Db, now = Date.UTC(2026, 10, 20, 12, 0)): Promise<number> {
  const existing = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(like(chargingSessions.cdrId, 'DEMO-%'))
    .limit(1);
  if (existing.length > 0) return 0;
  const allStations = await db.select().from(stations).where(like(stations.uid, 'VLT-%'));
  const allConnectors = await db.select().from(connectors);
  const cards = await demoDrivers(db);
  const random = generator(7);
  const rows: Insert[] = [];
  const running = new Set<number>();
  let n = 0;
  for (const station of allStations) {
    const plugs = allConnectors.filter((c) => c.stationId === station.id);
    for (const plug of plugs) {
      for (let day = 29; day >= 0; day--) {
        const perDay = random() < 0.5 ? 1 : 2;
        for (let s = 0; s < perDay; s++) {
          n++;
          const dc = (plug.maxPowerW ?? 0) >= 50_000;
          const start = now - day * DAY + (-8 + s * 5 + random() * 3) * 3_600_000;
          const chargingMinutes = Math.round(dc ? 20 + random() * 35 : 60 + random() * 180);
          const parkingMinutes = Math.round(random() < 0.3 ? 30 + random() * 120 : random() * 15);
          const maxPower = plug.maxPowerW ?? 22_000;
          const avgPower = maxPower * (dc ? 0.45 + random() * 0.2 : 0.3 + random() * 0.4);
          const energyWh = Math.round((avgPower * chargingMinutes) / 60);
          // In progress only where the connector shows a car charging, and once per connector: the
          // demo never shows an Available connector with a session running (issue 24, section 6).
          const inProgress =
            day === 0 && s === perDay - 1 && n % 5 === 0 && OCCUPIED.has(plug.status) && !running.has(plug.id);
          if (inProgress) running.add(plug.id);
          const kind = random();
          const card = kind < 0.6 ? cards[n % Math.max(1, cards.length)] : undefined;
          const method = card ? 'RFID' : kind < 0.8 ? 'QR' : 'APP';
          const authId = card ? card.rfid.uuid : method === 'QR' ? `QR-${1000 + n}` : `EP-${String(40_000 + n * 7)}`;
          const end = start + (chargingMinutes + parkingMinutes) * MIN;
          const revision = !inProgress && n % 53 === 0;
          const row: Insert = {
            cdrId: `DEMO-${String(n).padStart(5, '0')}`,
            status: inProgress ? 'in_progress' : 'closed',
            stationId: station.id,
            connectorId: plug.id,
            connectorNumber: plug.connectorNumber,
            companyId: station.companyId,
            ownerCompanyId: station.ownerCompanyId,
            userId: card?.user.id ?? null,
            rfidId: card?.rfid.id ?? null,
            authId,
            startMethod: method,
            startKey: `demo-${n}`,
            startAt: new Date(start),
            meterStartWh: 1_000_000 + n * 50_000,
            connectorEvseId: plug.evseId,
            childEmail: card?.user.email ?? null,
            childPlate: card?.user.licensePlate ?? (card ? `GE-${100 + (n % 800)}-FW` : null),
            childEmployeeId: card?.user.employeeNumber ?? (card ? `E${2000 + (card.user.id % 300)}` : null),
            childCostCenter: card?.user.costCenter ?? (card ? ['CC-LOG', 'CC-SALES', 'CC-OPS'][n % 3] : null),
            corporateGroupName: card?.group ?? null,
            userKeyHangerCode: card?.rfid.keyHangerCode ?? null,
            userEmail: card?.user.email ?? null,
            userCode: card ? `U-${card.user.id.toString().padStart(4, '0')}` : null,
            stationName: station.name,
            stationCity: station.city,
            stationStreet: [station.address, station.streetNumber].filter(Boolean).join(' ') || null,
            plugType: plug.plugType,
            plugMaxElectricPowerW: plug.maxPowerW,
            operatorId: 'FR*VLT',
            partnerSessionId: method === 'APP' ? `PS-${n}` : null,
            typeId: card ? 1 : 2,
            pricingStatus: 'unpriced',
            pricingNote: 'Pricing not run yet',
          };
          if (!inProgress) {
            Object.assign(row, {
              endAt: new Date(end),
              stopChargingAt: new Date(start + chargingMinutes * MIN),
              chargingEndAt: new Date(start + chargingMinutes * MIN),
              meterStopWh: (row.meterStartWh ?? 0) + energyWh,
              energyWh,
              durationS: (chargingMinutes + parkingMinutes) * 60,
              chargingMinutes,
              parkingS: parkingMinutes * 60,
              stopReason: revision ? 'PowerLoss' : 'Local',
              needsRevision: revision ? 1 : 0,
              remark: revision ? 'Meter value went backwards during the session' : null,
              odometerKm: card ? 12_000 + n * 3 : null,
              meterCurveJson: JSON.stringify(
                demoCurve({ startMs: start, chargingMinutes, maxPowerW: maxPower, energyWh, dc }),
              ),
              ...demoPrices(n, { energyWh, chargingMinutes, parkingMinutes, qr: method === 'QR', dc }),
            } satisfies Partial<Insert>);
          }
          rows.push(row);
        }
      }
    }
  }
  // One row per statement (about 60 bound values, under D1's 100), fifty statements per batch.
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50).map((r) => db.insert(chargingSessions).values(r));
    const [first, ...rest] = chunk;
    if (first) await db.batch([first, ...rest]);
  }
  return rows.length;
}
