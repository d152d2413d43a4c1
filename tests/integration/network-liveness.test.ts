/**
 * One model of "online" on every network screen (issue 24 section 6): a connector of an offline
 * station shows offline, not its last reported status, in the overview totals, the connector list
 * (rows, status filter and its total), the connector detail, the station list, the map markers, the
 * recent faults and the network status; the totals still come from the maintained counters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

describe('a station that is offline shows its connectors offline on every screen', () => {
  let session: Session;
  const tag = unique('LIVE');
  const ids: Record<string, number> = {};
  const seen = new Date(Date.now() - 3_600_000);

  beforeAll(async () => {
    const w = await world({ roles: [37], company: { cpms: 'public' } });
    const stations = [
      // Online: what it reports is what it is.
      { key: 'ON', connected: true, lastSeenAt: new Date(), statuses: ['charging', 'faulted'] },
      // Heard from an hour ago, gone since: the charging and faulted it last reported are history.
      { key: 'OFF', connected: false, lastSeenAt: seen, statuses: ['charging', 'faulted'] },
      // Never heard from: available as seeded, and one connector still to be installed.
      { key: 'NEW', connected: false, lastSeenAt: null, statuses: ['available', 'to_be_installed'] },
    ] as const;
    for (const [i, s] of stations.entries()) {
      const station = await createStation(db, {
        uid: `${tag}-${s.key}`,
        companyId: w.company.id,
        city: `City-${tag}`,
        latitude: 44 + i,
        longitude: 3 + i,
        connected: s.connected,
        lastSeenAt: s.lastSeenAt,
        // Recorded with an older D1 write than the last contact: not shown as the last heartbeat.
        lastHeartbeatAt: s.lastSeenAt
          ? new Date(s.lastSeenAt.getTime() - 86_400_000)
          : new Date('2026-11-20T08:00:00Z'),
      });
      ids[s.key] = station.id;
      for (const [n, status] of s.statuses.entries()) {
        const c = await createConnector(db, {
          stationId: station.id,
          connectorNumber: n + 1,
          uid: `${tag}-${s.key}-${n + 1}`,
          evseId: `FR*L*E${s.key}${n + 1}`,
          status,
          errorCode: status === 'faulted' ? 'GroundFailure' : 'NoError',
        });
        ids[`${s.key}${n + 1}`] = c.id;
      }
    }
    session = await login(w.email, w.password, w.ip);
  });

  it('counts them offline in the overview totals', async () => {
    const body = (await (await call('/connectors/overview/status', session)).json()) as {
      totals: Record<string, number>;
      total: number;
    };
    expect(body.total).toBe(6);
    expect(body.totals).toMatchObject({
      charging: 1,
      faulted: 1,
      available: 0,
      offline: 3,
      to_be_installed: 1,
    });
  });

  it('shows them offline in the connector list, with what was last reported, and filters on it', async () => {
    type Row = { id: number; status: string; bucket: string; reportedStatus: string; stationOnline: boolean };
    const list = async (json: Record<string, unknown>) =>
      (await (await call('/connectors', { ...session, json: { items_per_page: 50, ...json } })).json()) as {
        data: Row[];
        total: number;
      };
    const all = await list({ keyword: tag });
    const byId = Object.fromEntries(all.data.map((r) => [r.id, r]));
    expect(byId[ids.ON1 as number]).toMatchObject({
      status: 'charging',
      reportedStatus: 'charging',
      stationOnline: true,
    });
    expect(byId[ids.OFF1 as number]).toMatchObject({
      status: 'offline',
      bucket: 'offline',
      reportedStatus: 'charging',
      stationOnline: false,
    });
    expect(byId[ids.OFF2 as number]).toMatchObject({ status: 'offline', reportedStatus: 'faulted' });
    expect(byId[ids.NEW1 as number]).toMatchObject({ status: 'offline', reportedStatus: 'available' });
    expect(byId[ids.NEW2 as number]).toMatchObject({ status: 'to_be_installed' });

    // A status filter alone takes its total from the counters, corrected; with a keyword, from a count.
    for (const extra of [{}, { keyword: tag }]) {
      const charging = await list({ status: ['charging'], ...extra });
      const mine = charging.data.filter((r) => Object.values(ids).includes(r.id));
      expect(mine.map((r) => r.id)).toEqual([ids.ON1]);
      const offline = await list({ status: ['offline'], sort: 'status', ...extra });
      expect(offline.data.every((r) => r.status === 'offline')).toBe(true);
      expect(offline.total).toBe(offline.data.length);
      expect(offline.data.map((r) => r.id).sort()).toEqual([ids.OFF1, ids.OFF2, ids.NEW1].sort());
    }
  });

  it('shows the connector detail offline, and no last heartbeat that is not the last contact', async () => {
    const body = (await (await call(`/connectors/${ids.OFF1}`, session)).json()) as {
      status: string;
      reportedStatus: string;
      station: { online: boolean; lastSeenAt: string | null; lastHeartbeatAt: string | null };
    };
    expect(body).toMatchObject({ status: 'offline', reportedStatus: 'charging' });
    expect(body.station).toMatchObject({ online: false, lastSeenAt: seen.toISOString(), lastHeartbeatAt: null });
    const never = (await (await call(`/connectors/${ids.NEW1}`, session)).json()) as {
      station: { lastSeenAt: string | null; lastHeartbeatAt: string | null };
    };
    expect(never.station).toMatchObject({ lastSeenAt: null, lastHeartbeatAt: null });
  });

  it('lists offline stations with nothing available or faulted, and colours their markers offline', async () => {
    const page = (await (await call('/stations', { ...session, json: { keyword: tag } })).json()) as {
      data: { id: number; online: boolean; faulted: number; available: number }[];
    };
    const stations = Object.fromEntries(page.data.map((s) => [s.id, s]));
    expect(stations[ids.ON as number]).toMatchObject({ online: true, faulted: 1, available: 0 });
    expect(stations[ids.OFF as number]).toMatchObject({ online: false, faulted: 0, available: 0 });
    expect(stations[ids.NEW as number]).toMatchObject({ online: false, faulted: 0, available: 0 });
    const filtered = (await (
      await call('/stations', { ...session, json: { keyword: tag, status: ['faulted'] } })
    ).json()) as {
      data: { id: number }[];
    };
    expect(filtered.data.map((s) => s.id)).toEqual([ids.ON]);

    const markers = (await (await call('/connectors/map-markers', { ...session, json: { keyword: tag } })).json()) as {
      markers: { id: number; bucket: string }[];
    };
    expect(Object.fromEntries(markers.markers.map((m) => [m.id, m.bucket]))).toEqual({
      [ids.ON as number]: 'faulted',
      [ids.OFF as number]: 'offline',
      [ids.NEW as number]: 'offline',
    });
  });

  it('keeps offline stations out of the recent faults and counts them offline in the network status', async () => {
    const faults = (await (await call('/connectors/overview/faults', session)).json()) as { data: { id: number }[] };
    expect(faults.data.map((f) => f.id)).toEqual([ids.ON2]);
    const status = (await (await call('/network-status', session)).json()) as {
      stations: { total: number; online: number; offline: number; neverSeen: number };
      byCity: { city: string; buckets: Record<string, number> }[];
    };
    expect(status.stations).toEqual({ total: 3, online: 1, offline: 2, neverSeen: 1 });
    expect(status.byCity.find((c) => c.city === `City-${tag}`)?.buckets).toMatchObject({
      charging: 1,
      faulted: 1,
      available: 0,
      offline: 3,
      to_be_installed: 1,
    });
  });
});
