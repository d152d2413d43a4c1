/**
 * The daily sums table (session_day_sums, kept by triggers) against the sessions themselves: after
 * inserts, pricing, re-pricing, closing, deletes, a driver moving company and a station changing type,
 * (1) every row equals a GROUP BY over charging_sessions, and (2) every variant's footer sums and
 * count read through it equal the direct sums over the session rows, for unfiltered lists, periods
 * that start and end inside days and 32-day blocks, status, needs revision, place and customer group.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_VARIANTS } from '../../domain/sessions/variants';
import { SESSION_SUM_COLUMNS } from '../../drizzle/schema/session-sums';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { daySumsPlan, listSums } from '../../workers/api/src/routes/sessions/list/list.sums.store';
import type { Scope, SessionQuery } from '../../workers/api/src/routes/sessions/sessions.store';
import { directSums } from '../support/session-list-reference';
import { db, unique } from './helpers';

const DAY = 86_400_000;
/** How many cases' sums are read from D1 at once. */
const CASES_AT_ONCE = 32;
// A Sunday evening, 20 days before a 32-day block boundary, so periods cross blocks and days.
const T0 = Date.UTC(2026, 2, 1, 21, 17);

/** session_day_sums rows with n <> 0 that a GROUP BY over the sessions does not give, and the reverse. */
async function mismatches(): Promise<number> {
  const sums = SESSION_SUM_COLUMNS.flatMap((c) => [`coalesce(sum(s.${c}), 0)`, `count(s.${c})`]).join(', ');
  const cols = SESSION_SUM_COLUMNS.flatMap((c) => [c, `${c}_n`]).join(', ');
  const recomputed = `SELECT g.grain, CASE g.grain WHEN 0 THEN CAST(s.cdr_start AS INTEGER) / 86400000 ELSE CAST(s.cdr_start AS INTEGER) / 86400000 / 32 END,
      s.company_id, coalesce(s.owner_company_id, 0),
      coalesce((SELECT u.company_id FROM users u WHERE u.id = s.user_id), 0),
      coalesce((SELECT st.type FROM stations st WHERE st.id = s.station_id), ''), coalesce(s.customer_group_id, 0),
      s.status, (s.start_method IN ('QR', 'POS') OR s.auth_id LIKE 'EP-%'), s.start_method = 'QR',
      s.pricing_status = 'priced', s.cdr_needs_revision <> 0, count(*), ${sums}
    FROM charging_sessions s, (SELECT 0 AS grain UNION ALL SELECT 1 AS grain) g
    WHERE true GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`;
  const stored = `SELECT grain, period, company_id, owner_company_id, user_company_id, station_type, customer_group_id,
      status, mps, qr, priced, needs_revision, n, ${cols} FROM session_day_sums WHERE n <> 0`;
  const a = await env.DB.prepare(`SELECT count(*) AS n FROM (${stored} EXCEPT ${recomputed})`).first<{ n: number }>();
  const b = await env.DB.prepare(`SELECT count(*) AS n FROM (${recomputed} EXCEPT ${stored})`).first<{ n: number }>();
  return (a?.n ?? 0) + (b?.n ?? 0);
}

describe('session_day_sums', () => {
  const tag = unique('SDS');
  let network: Scope;
  let fleetA: number;
  let fleetB: number;
  let driver: number;
  let workStation: number;
  const GROUP = 900_000 + Math.floor(Math.random() * 90_000);

  beforeAll(async () => {
    const op = await createCompany(db, { name: `${tag} Operator`, cpms: 'public', empServices: true });
    const sub = await createCompany(db, {
      name: `${tag} Sub`,
      cpms: 'private',
      parentCompanyId: op.id,
      isSubcpo: true,
    });
    const owner = await createCompany(db, { name: `${tag} Owner`, cpms: 'private' });
    const fa = await createCompany(db, { name: `${tag} Fleet A`, isEvfleet: true });
    const fb = await createCompany(db, { name: `${tag} Fleet B`, isEvfleet: true });
    network = { companies: [op.id, sub.id] };
    fleetA = fa.id;
    fleetB = fb.id;
    const types = ['public', 'work', 'home', 'private'] as const;
    const stations: number[] = [];
    for (let i = 0; i < 6; i++) {
      const st = await createStation(db, {
        uid: `${tag}-${i}`,
        companyId: i % 3 === 2 ? sub.id : op.id,
        ownerCompanyId: i % 2 === 0 ? owner.id : null,
        type: types[i % 4],
      });
      stations.push(st.id);
    }
    workStation = stations[1] as number;
    const users: number[] = [];
    for (let i = 0; i < 4; i++)
      users.push((await createUser(db, { companyId: i < 3 ? fa.id : fb.id, email: `${tag}-${i}@example.test` })).id);
    driver = users[0] as number;
    const methods = ['RFID', 'QR', 'APP', 'POS', 'RFID'];
    const rows = [];
    for (let i = 0; i < 240; i++) {
      const st = stations[(i * 7) % 6] as number;
      const priced = i % 4 !== 0;
      const wh = 1000 + ((i * 977) % 40_000);
      const price = (k: number) => (priced && i % 17 !== 0 ? Math.round((wh * k) / 1000) : null);
      rows.push(
        env.DB.prepare(
          `INSERT INTO charging_sessions (cdr_id, status, station_id, connector_number, company_id, owner_company_id, user_id,
             auth_id, start_method, start_key, cdr_start, meter_start_wh, cdr_consumed_energy, cdr_time, cdr_needs_revision,
             customer_group_id, pricing_status, emp_price_total, emp_price_net_total, emp_price_energy, subcpo_price_total,
             owner_price_total, cdr_vat_value, emp_price_penalty)
           SELECT ?, ?, id, 1, company_id, owner_company_id, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
             FROM stations WHERE id = ?`,
        ).bind(
          `${tag}-${i}`,
          i % 23 === 0 ? 'in_progress' : 'closed',
          i % 3 === 0 ? null : users[i % 4],
          i % 11 === 0 ? `EP-${i}` : `TAG${i % 9}`,
          methods[i % 5],
          `${tag}-k${i}`,
          // Sessions every ~10 hours over 100 days, some exactly on midnight.
          i % 29 === 0 ? T0 - (T0 % DAY) + Math.floor(i / 3) * DAY : T0 + i * 36_000_000 + ((i * 7919) % 3_600_000),
          i % 23 === 0 ? null : wh,
          i % 23 === 0 ? null : 3600 + i,
          i % 13 === 0 ? 1 : 0,
          i % 5 === 0 ? GROUP : null,
          priced ? 'priced' : 'unpriced',
          price(468),
          price(390),
          price(300),
          price(250),
          price(120),
          price(78),
          i % 2 ? price(10) : null,
          st,
        ),
      );
    }
    await env.DB.batch(rows);
  });

  async function expectSameAsDirect() {
    expect(await mismatches()).toBe(0);
    const mid = T0 + 5 * DAY + 3_700_000;
    const periods: Partial<SessionQuery>[] = [
      {},
      { from: new Date(mid).toISOString(), to: new Date(T0 + 70 * DAY + 9_000_000).toISOString() },
      { from: new Date(mid).toISOString() },
      { to: new Date(T0 + 44 * DAY + 1).toISOString() },
      { from: new Date(T0 - (T0 % DAY)).toISOString(), to: new Date(T0 + 64 * DAY - (T0 % DAY)).toISOString() },
      { from: new Date(mid).toISOString(), to: new Date(mid + 20 * 3_600_000).toISOString() },
    ];
    const filters: Partial<SessionQuery>[] = [{}, { status: 'closed' }, { needs_revision: true }];
    const cases: { scope: Scope; q: SessionQuery }[] = [];
    for (const variant of SESSION_VARIANTS) {
      const fleet = variant.startsWith('fleet');
      const scopes: Scope[] = fleet
        ? [{ companies: [fleetA] }, { companies: [fleetB] }]
        : [network, { companies: network.companies.slice(1) }];
      scopes.push({ companies: network.companies, customerGroupId: GROUP });
      const places = fleet
        ? [{ place: 'work' as const }, { place: 'roaming' as const }, { place: 'home' as const }, {}]
        : [{}];
      for (const scope of scopes)
        for (const period of periods)
          for (const filter of filters)
            for (const place of places)
              cases.push({ scope, q: { variant, direction: 'desc', ...period, ...filter, ...place } });
    }
    // Every case is compared; they are read CASES_AT_ONCE at a time because each read is one round
    // trip to D1 and ~1,500 of them one after the other took minutes on a busy machine.
    let compared = 0;
    for (let i = 0; i < cases.length; i += CASES_AT_ONCE) {
      const chunk = cases.slice(i, i + CASES_AT_ONCE);
      const answers = await Promise.all(
        chunk.map(async ({ scope, q }) => {
          const [days, direct] = await Promise.all([listSums(env.DB, scope, q), directSums(env.DB, scope, q)]);
          return { scope, q, days, direct };
        }),
      );
      for (const { scope, q, days, direct } of answers) {
        expect(days, JSON.stringify({ scope, q })).toEqual(direct);
        if (daySumsPlan(scope, q)) compared++;
      }
    }
    // Most combinations go through the daily sums (the one-day period and nothing else is direct).
    expect(compared).toBeGreaterThan(400);
  }

  it('after inserts, equals the direct sums for every variant, period and filter', async () => {
    const { n } = (await env.DB.prepare(
      `SELECT count(*) AS n FROM charging_sessions WHERE cdr_id LIKE '${tag}-%'`,
    ).first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(240);
    await expectSameAsDirect();
  }, 300_000);

  it('after re-pricing, closing and deletes', async () => {
    await env.DB.batch([
      env.DB.prepare(
        `UPDATE charging_sessions SET emp_price_total = coalesce(emp_price_total, 0) + 111, subcpo_price_total = 5,
           pricing_status = 'priced' WHERE cdr_id LIKE '${tag}-%' AND id % 3 = 0`,
      ),
      env.DB.prepare(
        `UPDATE charging_sessions SET pricing_status = 'unpriced', emp_price_total = NULL, owner_price_total = NULL
           WHERE cdr_id LIKE '${tag}-%' AND id % 7 = 1`,
      ),
      env.DB.prepare(
        `UPDATE charging_sessions SET status = 'closed', cdr_consumed_energy = 4321, cdr_time = 999,
           cdr_start = cdr_start + 86400000 * 3 WHERE cdr_id LIKE '${tag}-%' AND status = 'in_progress'`,
      ),
      env.DB.prepare(
        `UPDATE charging_sessions SET start_method = 'QR', cdr_needs_revision = 1 WHERE cdr_id LIKE '${tag}-%' AND id % 10 = 4`,
      ),
      env.DB.prepare(`DELETE FROM charging_sessions WHERE cdr_id LIKE '${tag}-%' AND id % 9 = 2`),
    ]);
    await expectSameAsDirect();
  }, 300_000);

  it('after a driver moves to another fleet and a station changes type', async () => {
    await env.DB.prepare('UPDATE users SET company_id = ? WHERE id = ?').bind(fleetB, driver).run();
    await env.DB.prepare("UPDATE stations SET type = 'public' WHERE id = ?").bind(workStation).run();
    await expectSameAsDirect();
    // And back: nothing is left behind in the old buckets.
    await env.DB.prepare('UPDATE users SET company_id = ? WHERE id = ?').bind(fleetA, driver).run();
    await env.DB.prepare("UPDATE stations SET type = 'work' WHERE id = ?").bind(workStation).run();
    await expectSameAsDirect();
  }, 300_000);
});
