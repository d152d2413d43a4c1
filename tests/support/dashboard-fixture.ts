/**
 * The data of the dashboards' workers test (tests/integration/dashboard.test.ts, ADR 055): the demo,
 * the 60 days up to yesterday in Paris, a station of the operator whose one connector had a 90-minute
 * fault yesterday at 10:00 and a 2-hour session from 12:00, the first connector group's connectors, a
 * report manager of the operator logged in, and the warehouse (when the project has one) synced into
 * schema `schema` of the file's own.
 */
import { env } from 'cloudflare:test';
import { chargingSessions } from '@db/schema';
import { seedDemo } from '@db/seed/demo';
import { createConnector, createStation, createUser } from '@db/seed/factories';
import type { WarehouseSettings } from '@db/warehouse/client';
import { ROLE } from '@domain/permissions/roles';
import { type DashboardPeriod, dashboardPeriod, dateOfDay } from '@domain/reporting/dashboard';
import { DAY_MS, dayIndex, zoneClock } from '@domain/time/zone-clock';
import { connectorGroupConnectors } from '../../workers/api/src/routes/dashboard/dashboard.store';
import { db, login, unique } from '../integration/helpers';
import { ownWarehouse, syncInto, warehouseSettings } from './warehouse-schema';

export const FIXTURE_TIME_ZONE = 'Europe/Paris';

export async function dashboardFixture(schema: string) {
  const TZ = FIXTURE_TIME_ZONE;
  const demo = await seedDemo(db, { iterations: 1000 });
  const yesterday = dayIndex(zoneClock(TZ).wall(Date.now())) - 1;
  const period = dashboardPeriod(TZ, Date.now(), dateOfDay(yesterday - 59), dateOfDay(yesterday)) as DashboardPeriod;
  // A station of the operator whose connector was faulted 90 minutes yesterday at 10:00 Paris time,
  // its status changes written in order (the sync keeps intervals of changes that arrive in order).
  const station = await createStation(db, { uid: unique('DASH'), companyId: demo.companies.operator });
  const connector = await createConnector(db, { stationId: station.id, connectorNumber: 1 });
  const at = zoneClock(TZ).earliestUtcOf(yesterday * DAY_MS + 10 * 3_600_000);
  await env.DB.prepare(
    `INSERT INTO connector_status_history (connector_id, status, error_code, at)
     VALUES (?1, 'available', NULL, ?2), (?1, 'faulted', 'GroundFailure', ?3), (?1, 'available', NULL, ?4)`,
  )
    .bind(connector.id, period.start - DAY_MS, at, at + 90 * 60_000)
    .run();
  // And one 2-hour session on it, yesterday from 12:00 Paris time.
  await db.insert(chargingSessions).values({
    cdrId: unique('cdr'),
    stationId: station.id,
    connectorId: connector.id,
    connectorNumber: 1,
    companyId: demo.companies.operator,
    authId: 'P',
    startKey: unique('k'),
    startAt: new Date(at + 2 * 3_600_000),
    endAt: new Date(at + 4 * 3_600_000),
    meterStartWh: 0,
    energyWh: 20_000,
    currency: 'EUR',
    status: 'closed',
  });
  const group = await env.DB.prepare('SELECT id FROM connector_groups ORDER BY id LIMIT 1').first<{ id: number }>();
  const groupConnectors = (await connectorGroupConnectors(db, [demo.companies.operator], group?.id ?? 0)) ?? [];
  const email = `${unique('dashboards')}@example.test`;
  await createUser(
    db,
    { companyId: demo.companies.operator, email, password: 'correct horse battery', roles: [ROLE.REPORT_MANAGER] },
    { iterations: 1000 },
  );
  const manager = await login(email, 'correct horse battery');
  let settings: WarehouseSettings | null = null;
  if (warehouseSettings.NEON_DATABASE_URL) {
    settings = await ownWarehouse(schema);
    const outcome = await syncInto(settings);
    if (!outcome?.caughtUp) throw new Error('the warehouse sync did not catch up');
  }
  return { demo, period, manager, settings, groupConnectors, ownConnector: connector.id };
}
