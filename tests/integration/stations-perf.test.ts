/**
 * The faster stations queries (ADR 032) give the same answers as the plain scans they
 * replace: counters kept by triggers against a GROUP BY over connectors, the trigram keyword search
 * against a LIKE scan, the index-walk page against the scope-first page. Every writer path that moves
 * a count is exercised: new connectors, the ChargePoint's status writes, moves between companies,
 * owners, hiding, deletes (with the cascade) and a connector moved to another station.
 */
import { env } from 'cloudflare:test';
import { ConnectorListBody } from '@api/routes/connectors/list/list.schemas';
import { listConnectors } from '@api/routes/connectors/list/list.store';
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATUS_BUCKET } from '../../domain/stations/statuses';
import {
  applyConnectorStatus,
  likeLiteral,
  listedConnectorCounts,
  listedStationInScope,
} from '../../drizzle/queries/stations.store';
import { connectors, stations } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

/** Every counter row against a recount from scratch: the invariant the triggers keep. */
async function expectCountersExact() {
  const counters = await env.DB.prepare(
    `SELECT company_id, owner_company_id, hidden, status, n FROM connector_status_counts WHERE n <> 0
     ORDER BY company_id, owner_company_id, hidden, status`,
  ).all();
  const recount = await env.DB.prepare(
    `SELECT s.company_id, coalesce(s.owner_company_id, 0) AS owner_company_id, s.hidden, c.status, count(*) AS n
     FROM connectors c JOIN stations s ON s.id = c.station_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  ).all();
  expect(counters.results).toEqual(recount.results);
}

/** The overview totals as they were computed before: every connector of the listed stations in scope. */
async function scannedTotals(scope: number[]) {
  const rows = await db
    .select({ status: connectors.status, n: count() })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(listedStationInScope(scope))
    .groupBy(connectors.status);
  return Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.status, r.n]));
}

async function counterTotals(scope: number[]) {
  const rows = await listedConnectorCounts(db, scope);
  return Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.status, r.n]));
}

/** The keyword filter as a full LIKE scan over the six columns, no index: the reference answer. */
async function scannedKeyword(scope: number[], keyword: string) {
  const rows = await db
    .select({ uid: connectors.uid })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(
      and(
        listedStationInScope(scope),
        or(
          ...[connectors.evseId, connectors.uid, stations.name, stations.uid, stations.city, stations.address].map(
            (col) => likeLiteral(col, keyword),
          ),
        ),
      ),
    )
    .orderBy(asc(connectors.evseId), asc(connectors.id));
  return rows.map((r) => r.uid);
}

describe('stations performance: same answers as the scans', () => {
  let w: World;
  let session: Session;
  let child: { id: number };
  let outsider: { id: number };
  let scope: number[];
  const tag = unique('PRF');
  const stationIds: number[] = [];

  beforeAll(async () => {
    w = await world({ roles: [37], company: { cpms: 'public' } });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id, cpms: 'private' });
    outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    scope = [w.company.id, child.id];
    const layout = [
      {
        companyId: w.company.id,
        owner: null,
        city: 'Paris',
        address: '12 rue de la Paix',
        statuses: ['available', 'charging', 'faulted'],
      },
      {
        companyId: child.id,
        owner: outsider.id,
        city: 'Évry',
        address: '3 allée des Érables',
        statuses: ['available', 'offline'],
      },
      // Operated by the outsider, owned in scope: counted for the owner's tree.
      {
        companyId: outsider.id,
        owner: child.id,
        city: 'Lyon',
        address: '5 quai_du 100% Rhône',
        statuses: ['preparing', 'available'],
      },
      // Entirely outside the scope.
      {
        companyId: outsider.id,
        owner: null,
        city: 'Paris',
        address: '1 rue de la Paix',
        statuses: ['available', 'faulted', 'faulted'],
      },
      {
        companyId: w.company.id,
        owner: null,
        city: 'Lille',
        address: '9 place "Rihour"',
        statuses: ['unavailable', 'available', 'available', 'charging'],
      },
    ] as const;
    for (const [i, p] of layout.entries()) {
      const station = await createStation(db, {
        uid: `${tag}-S${i}`,
        name: `${tag} Station ${i}`,
        companyId: p.companyId,
        ownerCompanyId: p.owner,
        city: p.city,
        address: p.address,
        // Online: the shown status is the reported one (offline stations: network-liveness.test.ts).
        connected: true,
      });
      stationIds.push(station.id);
      for (const [n, status] of p.statuses.entries()) {
        await createConnector(db, {
          stationId: station.id,
          connectorNumber: n + 1,
          uid: `${tag}-S${i}-${n + 1}`,
          evseId: `FR*PRF*E${tag}${i}${n + 1}`,
          status,
        });
      }
    }
    session = await login(w.email, w.password, w.ip);
  });

  it('keeps the counters exact through inserts, status writes, moves, owners, hiding and deletes', async () => {
    await expectCountersExact();
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));

    const [s0, s1, , s3, s4] = stationIds as [number, number, number, number, number];
    // The ChargePoint object's write path.
    await applyConnectorStatus(db, { id: s0, uid: `${tag}-S0` }, 1, {
      status: 'charging',
      errorCode: 'NoError',
      info: null,
      at: new Date(),
    });
    // A connector the charge point reports first (created, then its status).
    await applyConnectorStatus(db, { id: s0, uid: `${tag}-S0` }, 4, {
      status: 'faulted',
      errorCode: 'GroundFailure',
      info: null,
      at: new Date(),
    });
    await expectCountersExact();
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));

    // Moved out of the scope, then its owner brought it back in; hidden, then shown again.
    await db.update(stations).set({ companyId: outsider.id }).where(eq(stations.id, s1));
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));
    await db.update(stations).set({ ownerCompanyId: null }).where(eq(stations.id, s1));
    await db.update(stations).set({ hidden: true }).where(eq(stations.id, s4));
    await expectCountersExact();
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));
    await db.update(stations).set({ hidden: false, ownerCompanyId: w.company.id }).where(eq(stations.id, s4));
    await db.update(stations).set({ companyId: child.id }).where(eq(stations.id, s1));
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));

    // A connector moved to another station, one deleted, and a whole station deleted (cascade).
    const moved = await db.query.connectors.findFirst({ where: eq(connectors.uid, `${tag}-S2-2`) });
    await db
      .update(connectors)
      .set({ stationId: s4, connectorNumber: 9 })
      .where(eq(connectors.id, moved?.id ?? 0));
    await db.delete(connectors).where(eq(connectors.uid, `${tag}-S0-2`));
    await expectCountersExact();
    await db.delete(stations).where(eq(stations.id, s3));
    await expectCountersExact();
    expect(await counterTotals(scope)).toEqual(await scannedTotals(scope));
    // The other company's tree sees only its own.
    expect(await counterTotals([outsider.id])).toEqual(await scannedTotals([outsider.id]));
  });

  it('answers the overview totals and the list total of the scope through the API', async () => {
    const res = await call('/connectors/overview/status', session);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totals: Record<string, number>; total: number };
    const scanned = await scannedTotals(scope);
    const expected: Record<string, number> = {};
    for (const [status, n] of Object.entries(scanned)) {
      const bucket = STATUS_BUCKET[status as keyof typeof STATUS_BUCKET];
      expected[bucket] = (expected[bucket] ?? 0) + n;
    }
    expect(Object.fromEntries(Object.entries(body.totals).filter(([, n]) => n > 0))).toEqual(expected);
    const all = Object.values(scanned).reduce((a, b) => a + b, 0);
    expect(body.total).toBe(all);

    const list = await call('/connectors', { ...session, json: {} });
    expect(((await list.json()) as { total: number }).total).toBe(all);
    const faulted = await call('/connectors', { ...session, json: { status: ['faulted'] } });
    expect(((await faulted.json()) as { total: number }).total).toBe(scanned.faulted ?? 0);
  });

  it.each([
    ['an EVSE id part', `E${tag}0`],
    ['a city, other case', 'pARIS'],
    ['an accented city', 'Évry'],
    ['an address with _ and %', '_du 100%'],
    ['a double quote', '"Rihour'],
    ['two characters (scan fallback)', 'S4'],
    ['nothing', 'no-such-thing-anywhere'],
  ])('finds by keyword (%s) exactly what a LIKE scan finds', async (_, keyword) => {
    const expected = await scannedKeyword(scope, keyword);
    const body = ConnectorListBody.parse({ keyword, items_per_page: 200 });
    const page = await listConnectors(db, scope, body);
    expect(page.data.map((r) => r.uid)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('keeps the full-text index in step with renamed stations and connectors', async () => {
    const s0 = stationIds[0] ?? 0;
    await db
      .update(stations)
      .set({ name: `${tag} Renamed Zephyr` })
      .where(eq(stations.id, s0));
    await db
      .update(connectors)
      .set({ evseId: `FR*PRF*Q${tag}` })
      .where(eq(connectors.uid, `${tag}-S0-1`));
    for (const keyword of ['Zephyr', `${tag} Station 0`, `Q${tag}`, `E${tag}01`]) {
      const page = await listConnectors(db, scope, ConnectorListBody.parse({ keyword, items_per_page: 200 }));
      expect(page.data.map((r) => r.uid)).toEqual(await scannedKeyword(scope, keyword));
    }
  });

  it('pages sorted by an index the same way whichever plan runs', async () => {
    // Reference: every listed connector in scope, sorted, then cut into pages.
    for (const [sort, direction] of [
      ['evse_id', 'asc'],
      ['evse_id', 'desc'],
      ['status', 'asc'],
    ] as const) {
      const sortColumn = sort === 'evse_id' ? connectors.evseId : connectors.status;
      const all = (
        await db
          .select({ uid: connectors.uid })
          .from(connectors)
          .innerJoin(stations, eq(stations.id, connectors.stationId))
          .where(listedStationInScope(scope))
          .orderBy(direction === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(connectors.id))
      ).map((r) => r.uid);
      for (const itemsPerPage of [2, 5, 200]) {
        for (let p = 0; p * itemsPerPage < all.length + itemsPerPage; p++) {
          const page = await listConnectors(
            db,
            scope,
            ConnectorListBody.parse({ sort, direction, items_per_page: itemsPerPage, page: p }),
          );
          expect(page.data.map((r) => r.uid)).toEqual(all.slice(p * itemsPerPage, (p + 1) * itemsPerPage));
          expect(page.total).toBe(all.length);
        }
      }
    }
  });
});
