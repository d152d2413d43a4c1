/**
 * A p95 micro-benchmark of decideAuthorization against local D1 inside workerd: 5,000 drivers with
 * a card each and 20,000 sessions this month, decisions at a work station (the path with the most
 * queries: card, station, company family, usage, concurrency). The issue's target is p95 < 20 ms.
 * Each decision is also made the previous way (ADR 030's batch of five statements), in turns, so
 * both figures come from the same load (ADR 030, addendum).
 * Tests never assert on wall-clock time: this prints the figures and checks only the decisions.
 * Run alone: `npx vitest run --project workers tests/integration/authorization-bench.test.ts`.
 */
import { expect, it } from 'vitest';
import { decideAuthorization } from '../../drizzle/queries/authorization.store';
import { createCompany, createStation } from '../../drizzle/seed/factories';
import { decideAuthorizationBatch } from '../support/authorization-batch';
import { db, sql, unique } from './helpers';

const DRIVERS = 5000;
const SESSIONS = 20_000;
const DECISIONS = 300;
const AT = new Date('2026-11-18T10:00:00Z');

it('decides over realistic volumes and prints p50/p95', { timeout: 60_000 }, async () => {
  const fleet = await createCompany(db, { name: unique('Bench fleet'), isEvfleet: true });
  const station = await createStation(db, { uid: unique('BENCH'), companyId: fleet.id, type: 'work' });
  const prefix = unique('B').replace(/\W/g, '').slice(-6).toUpperCase();
  // Generated in SQL: D1 binds at most 100 parameters per statement, so row-by-row inserts would crawl.
  await sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO users (company_id, email, can_charge_public, can_charge_work, daily_limit, monthly_limit)
     SELECT ?1, ?3 || '-' || i || '@bench.test', 1, 1, 500, 5000 FROM n`,
    fleet.id,
    DRIVERS,
    prefix.toLowerCase(),
  );
  await sql(
    `INSERT INTO rfids (company_id, key_hanger_code, uuid, user_id)
     SELECT ?1, 'KH-' || id, ?2 || '-' || id, id FROM users WHERE company_id = ?1`,
    fleet.id,
    prefix,
  );
  await sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
     INSERT INTO charging_sessions (cdr_id, start_key, status, station_id, connector_number, company_id, user_id,
       auth_id, cdr_start, meter_start_wh, cdr_consumed_energy)
     SELECT ?4 || '-' || i, ?4 || '-' || i, 'closed', ?2, 1, ?1, u.id, ?4 || '-' || u.id,
       ?5 - (i % 17) * 86400000, 0, 1000 + i % 9000
     FROM n JOIN users u ON u.company_id = ?1 AND u.id = (SELECT min(id) FROM users WHERE company_id = ?1) + (i % ?6)`,
    fleet.id,
    station.id,
    SESSIONS,
    prefix,
    AT.getTime(),
    DRIVERS,
  );
  const firstUser = (await db.$client
    .prepare('SELECT min(id) AS id FROM users WHERE company_id = ?1')
    .bind(fleet.id)
    .first<{ id: number }>()) as { id: number };

  const ways = { 'one statement': decideAuthorization, 'before (batch of 5)': decideAuthorizationBatch };
  const times = new Map<string, number[]>();
  const statuses = new Map<string, number>();
  for (let k = 0; k < DECISIONS; k++) {
    const userId = firstUser.id + ((k * 7919) % DRIVERS);
    for (const [name, decider] of Object.entries(ways)) {
      const started = performance.now();
      const d = await decider(db, { idTag: `${prefix}-${userId}`, stationId: station.id, at: AT });
      times.set(name, [...(times.get(name) ?? []), performance.now() - started]);
      statuses.set(`${name}: ${d.status}`, (statuses.get(`${name}: ${d.status}`) ?? 0) + 1);
    }
  }
  for (const [name, all] of times) {
    all.sort((a, b) => a - b);
    const p = (q: number) => all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)] ?? 0;
    console.log(
      `decideAuthorization (${name}) over ${DRIVERS} cards, ${SESSIONS} sessions: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${p(1).toFixed(1)} ms`,
    );
  }
  expect(Object.fromEntries(statuses)).toEqual({
    'one statement: Accepted': DECISIONS,
    'before (batch of 5): Accepted': DECISIONS,
  });
});
