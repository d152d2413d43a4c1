/**
 * The list answers after the one-round-trip changes (ADR 032 addendum) against plain queries: the
 * connector and station rows keep each joined table's own fields although page and total travel in
 * one D1 batch, and the map markers SQLite builds as JSON are the markers of a plain GROUP BY
 * coloured in TypeScript — for every filter, the bounding box included.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorStatus } from '../../domain/stations/statuses';
import { listedStationInScope } from '../../drizzle/queries/stations.store';
import { companies, connectors, stations } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

type Marker = {
  id: number;
  name: string;
  city: string | null;
  lat: number;
  lng: number;
  connectorId: number;
  connectors: number;
  bucket: string;
};

const BUSY = ['preparing', 'charging', 'finishing', 'suspended_ev', 'suspended_evse', 'reserved'];

/** The reference colour, written out independently of the SQL CASE. */
function colour(statuses: string[]): string {
  if (statuses.includes('faulted')) return 'faulted';
  if (statuses.every((s) => s === 'offline')) return 'offline';
  if (statuses.includes('available')) return 'available';
  if (statuses.some((s) => BUSY.includes(s))) return 'charging';
  return 'unavailable';
}

describe('list answers in one round trip: same as the plain queries', () => {
  let w: World;
  let session: Session;
  let child: { id: number; name: string };
  let scope: number[];
  const tag = unique('LPF');

  beforeAll(async () => {
    w = await world({ roles: [37], company: { cpms: 'public' } });
    child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id, cpms: 'private' });
    const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    scope = [w.company.id, child.id];
    const layout: { companyId: number; city: string; lat: number | null; lng: number; statuses: ConnectorStatus[] }[] =
      [
        { companyId: w.company.id, city: 'Paris', lat: 48.8566, lng: 2.3522, statuses: ['available', 'faulted'] },
        { companyId: child.id, city: 'Paris', lat: 48.90123456789012, lng: 2.29, statuses: ['offline', 'offline'] },
        { companyId: child.id, city: 'Lyon', lat: 45.764, lng: 4.8357, statuses: ['charging', 'unavailable'] },
        { companyId: w.company.id, city: 'Lyon', lat: 45.75, lng: 4.85, statuses: ['unavailable'] },
        { companyId: w.company.id, city: 'Lille', lat: 50.6292, lng: 3.0573, statuses: ['offline', 'available'] },
        // No coordinates: listed, never a marker.
        { companyId: w.company.id, city: 'Paris', lat: null, lng: 2.35, statuses: ['available'] },
        // Another company's station in the same box: never shown.
        { companyId: outsider.id, city: 'Paris', lat: 48.86, lng: 2.35, statuses: ['faulted'] },
      ];
    for (const [i, p] of layout.entries()) {
      const station = await createStation(db, {
        uid: `${tag}-S${i}`,
        name: `${tag} Station ${i}`,
        companyId: p.companyId,
        city: p.city,
        address: `${i} rue du Test`,
        latitude: p.lat,
        longitude: p.lat === null ? null : p.lng,
        // Online: the shown status is the reported one (offline stations: network-liveness.test.ts).
        connected: true,
      });
      for (const [n, status] of p.statuses.entries()) {
        await createConnector(db, {
          stationId: station.id,
          connectorNumber: n + 1,
          uid: `${tag}-S${i}-${n + 1}`,
          evseId: `FR*LPF*E${i}${n + 1}`,
          status,
        });
      }
    }
    session = await login(w.email, w.password, w.ip);
  });

  /** Markers of a plain GROUP BY over the scope's listed stations with coordinates, optionally in a box. */
  async function referenceMarkers(only: { city?: string; bbox?: [number, number, number, number] } = {}) {
    const rows = await db
      .select({ s: stations, c: { id: connectors.id, status: connectors.status } })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(
        and(
          listedStationInScope(scope),
          isNotNull(stations.latitude),
          isNotNull(stations.longitude),
          only.city ? eq(stations.city, only.city) : undefined,
        ),
      )
      .orderBy(asc(stations.id), asc(connectors.id));
    const byStation = new Map<number, Marker & { statuses: string[] }>();
    for (const { s, c } of rows) {
      const lat = s.latitude as number;
      const lng = s.longitude as number;
      if (only.bbox) {
        const [west, south, east, north] = only.bbox;
        if (lat < south || lat > north || lng < west || lng > east) continue;
      }
      const m = byStation.get(s.id) ?? {
        id: s.id,
        name: s.name,
        city: s.city,
        lat,
        lng,
        connectorId: c.id,
        connectors: 0,
        bucket: '',
        statuses: [],
      };
      m.connectors += 1;
      m.statuses.push(c.status);
      byStation.set(s.id, m);
    }
    return [...byStation.values()].map(({ statuses, ...m }) => ({ ...m, bucket: colour(statuses) }));
  }

  const markers = async (json: Record<string, unknown>) => {
    const res = await call('/connectors/map-markers', { ...session, json });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    return (await res.json()) as { markers: Marker[]; truncated: boolean };
  };

  it('builds the same markers as the plain GROUP BY, with and without filters and box', async () => {
    const all = await markers({ keyword: tag });
    expect(all.truncated).toBe(false);
    expect(all.markers).toEqual(await referenceMarkers());
    expect(all.markers.map((m) => m.bucket)).toEqual(['faulted', 'offline', 'charging', 'unavailable', 'available']);
    // Coordinates come back as stored, even with 16 significant digits.
    expect(all.markers[1]?.lat).toBe(48.90123456789012);

    expect((await markers({ keyword: tag, city: ['Paris'] })).markers).toEqual(
      await referenceMarkers({ city: 'Paris' }),
    );
    const box: [number, number, number, number] = [2.0, 48.5, 3.5, 51.0];
    const boxed = await markers({ keyword: tag, bbox: box });
    expect(boxed.markers).toEqual(await referenceMarkers({ bbox: box }));
    expect(boxed.markers).toHaveLength(3);
    expect(await markers({ keyword: tag, bbox: [10, 10, 11, 11] })).toEqual({ markers: [], truncated: false });
    // A status filter colours by the connectors that pass it.
    const faulted = await markers({ keyword: tag, status: ['faulted'] });
    expect(faulted.markers.map((m) => [m.name, m.connectors, m.bucket])).toEqual([[`${tag} Station 0`, 1, 'faulted']]);
  });

  it("keeps each joined table's fields apart in the connector rows (page and total batched)", async () => {
    for (const body of [
      { keyword: tag, sort: 'evse_id' },
      { keyword: tag, sort: 'station', direction: 'desc' },
      { status: ['available'], sort: 'status' },
      { sort: 'evse_id' },
      { sort: 'max_power' },
    ]) {
      const res = await call('/connectors', { ...session, json: { ...body, items_per_page: 200 } });
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        total: number;
        data: {
          id: number;
          uid: string;
          station: { id: number; uid: string; name: string; city: string | null; operatorName: string };
        }[];
      };
      expect(page.data.length).toBe(page.total);
      expect(page.total).toBeGreaterThan(0);
      for (const row of page.data) {
        const [ref] = await db
          .select({ c: connectors, s: stations, operator: companies.name })
          .from(connectors)
          .innerJoin(stations, eq(stations.id, connectors.stationId))
          .innerJoin(companies, eq(companies.id, stations.companyId))
          .where(eq(connectors.id, row.id));
        expect(row.uid).toBe(ref?.c.uid);
        expect(row.station).toMatchObject({
          id: ref?.s.id,
          uid: ref?.s.uid,
          name: ref?.s.name,
          city: ref?.s.city,
          operatorName: ref?.operator,
        });
      }
    }
  });

  it('answers the station rows and total of the plain query in one batch', async () => {
    const res = await call('/stations', { ...session, json: { keyword: tag, items_per_page: 2, page: 1 } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      total: number;
      data: {
        id: number;
        name: string;
        operatorName: string;
        connectors: number;
        faulted: number;
        available: number;
      }[];
    };
    expect(page.total).toBe(6);
    const ref = await db
      .select({ s: stations, operator: companies.name })
      .from(stations)
      .innerJoin(companies, eq(companies.id, stations.companyId))
      .where(listedStationInScope(scope))
      .orderBy(asc(stations.name), asc(stations.id))
      .limit(2)
      .offset(2);
    expect(page.data.map((r) => [r.id, r.name, r.operatorName])).toEqual(
      ref.map((r) => [r.s.id, r.s.name, r.operator]),
    );
    // Station 2 (Lyon, child): charging + unavailable; station 3: one unavailable connector.
    expect(page.data.map((r) => [r.connectors, r.faulted, r.available])).toEqual([
      [2, 0, 0],
      [1, 0, 0],
    ]);
    expect(page.data[0]?.operatorName).toBe(child.name);
  });
});
