import { describe, expect, it } from 'vitest';
import { connectorStatusHistory } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, unique, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;

describe('GET /api/kpi/availability', () => {
  it('computes availability per day and per hour from the recorded history, in the company time zone', async () => {
    const w = await world({ roles: [32], company: { cpms: 'public', timeZone: 'Europe/Paris' } });
    const other = await createCompany(db, { name: unique('Other'), cpms: 'public' });
    const tag = unique('KPI');
    const station = await createStation(db, { uid: `${tag}-A`, companyId: w.company.id });
    const foreign = await createStation(db, { uid: `${tag}-B`, companyId: other.id });
    const a = await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${tag}-A-1` });
    const b = await createConnector(db, { stationId: foreign.id, connectorNumber: 1, uid: `${tag}-B-1` });
    // 2025-01-10 00:00 in Paris is 2025-01-09 23:00 UTC.
    const midnight = Date.UTC(2025, 0, 9, 23);
    await db.insert(connectorStatusHistory).values([
      { connectorId: a.id, status: 'available', at: new Date(midnight - 48 * H) },
      { connectorId: a.id, status: 'faulted', at: new Date(midnight + 6 * H) },
      { connectorId: a.id, status: 'charging', at: new Date(midnight + 12 * H) },
      // Another company's connector, down all day: must not count.
      { connectorId: b.id, status: 'offline', at: new Date(midnight - 48 * H) },
    ]);
    const session = await login(w.email, w.password, w.ip);

    const day = await call('/kpi/availability/2025/1/10', session);
    expect(day.status).toBe(200);
    const byHour = (await day.json()) as {
      availability: number;
      connectors: number;
      buckets: { availability: number }[];
    };
    expect(byHour.connectors).toBe(1);
    expect(byHour.buckets).toHaveLength(24);
    expect(byHour.availability).toBe(0.75);
    expect(byHour.buckets.map((x) => x.availability).slice(5, 13)).toEqual([1, 0, 0, 0, 0, 0, 0, 1]);

    const month = (await (await call('/kpi/availability/2025/1', session)).json()) as {
      buckets: { start: string; availability: number | null }[];
    };
    expect(month.buckets).toHaveLength(31);
    expect(month.buckets[0]?.start).toBe('2024-12-31T23:00:00.000Z');
    expect(month.buckets[9]?.availability).toBe(0.75);
    expect(month.buckets[10]?.availability).toBe(1);
  });

  it('has 23 hourly buckets on the spring DST day and refuses a date that does not exist', async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const session = await login(w.email, w.password, w.ip);
    const body = (await (await call('/kpi/availability/2026/3/29', session)).json()) as {
      buckets: unknown[];
      availability: null;
    };
    expect(body.buckets).toHaveLength(23);
    expect(body.availability).toBeNull();
    await expectError(await call('/kpi/availability/2026/2/30', session), 400, {
      code: 'VALIDATION_FAILED',
      field: 'day',
      message: 'Some validation errors, fix them before resubmitting.',
    });
  });
});
