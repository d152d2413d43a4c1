/**
 * @module A private user's own home or private stations (spec 7.10): the list, one station's year per month
 * and per connector, and a connector's year with its sessions (others' sessions at the caller's station
 * without who charged). Totals per local month come from domain/my-pages/overview.ts.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { authOf } from '@api/middleware/permission';
import { localMonth, yearBounds, yearOverview } from '@domain/my-pages/overview';
import { DEFAULT_TIME_ZONE } from '@domain/time/zone-clock';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { connectorYear, detail, list } from './my-stations.routes';
import { connectorSessionsPage, connectorsOf, myConnector, myStations, periodSessions } from './my-stations.store';

type StationRow = Awaited<ReturnType<typeof myStations>>[number];
type ConnectorRow = Awaited<ReturnType<typeof connectorsOf>>[number];

const me = (c: Context<AppEnv>) => ({ userId: authOf(c).user.id, companyId: authOf(c).company.id });

const toConnector = (k: ConnectorRow) => ({
  id: k.id,
  connector_number: k.connectorNumber,
  evse_id: k.evseId,
  plug_type: k.plugType,
  max_power_w: k.maxPowerW,
  status: k.status,
});

function toStation({ home, station }: StationRow, connectors: ConnectorRow[]) {
  return {
    id: home.id,
    name: home.name,
    station_id: home.stationId,
    uid: station?.uid ?? null,
    city: station?.city ?? null,
    is_offline: home.isOffline,
    connectors: connectors.filter((k) => k.stationId === home.stationId).map(toConnector),
  };
}

/** The year asked for, or the current local year of the zone. */
const yearOf = (asked: number | undefined, timeZone: string) => asked ?? localMonth(Date.now(), timeZone).year;

/** Sessions and energy of the year per local month (spend is not the station owner's business). */
function monthsOf(rows: { startAt: Date; energyWh: number | null }[], year: number, timeZone: string) {
  const o = yearOverview(
    rows.map((r) => ({
      startAt: r.startAt.getTime(),
      energyWh: r.energyWh,
      currency: '',
      empTotal: null,
      priced: false,
    })),
    year,
    timeZone,
  );
  return {
    sessions: o.sessions,
    energy_wh: o.energyWh,
    months: o.months.map((m) => ({ month: m.month, sessions: m.sessions, energy_wh: m.energyWh })),
  };
}

export const myStationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const db = c.get('db');
    const rows = await myStations(db, me(c));
    const connectors = await connectorsOf(
      db,
      rows.flatMap((r) => (r.home.stationId ? [r.home.stationId] : [])),
    );
    return c.json({ data: rows.map((r) => toStation(r, connectors)) }, 200);
  })
  .openapi(detail, async (c) => {
    const db = c.get('db');
    const [row] = await myStations(db, me(c), c.req.valid('param').id);
    if (!row) return apiError(c, 404, 'STATION_NOT_FOUND', 'notFound');
    const zone = row.station?.timeZone ?? DEFAULT_TIME_ZONE;
    const year = yearOf(c.req.valid('query').year, zone);
    const stationId = row.home.stationId;
    const connectors = stationId ? await connectorsOf(db, [stationId]) : [];
    const sessions = stationId ? await periodSessions(db, { stationId }, yearBounds(year, zone)) : [];
    return c.json(
      {
        station: toStation(row, connectors),
        year,
        ...monthsOf(sessions, year, zone),
        per_connector: connectors.map((k) => {
          const mine = sessions.filter((s) => s.connectorId === k.id);
          return {
            connector_id: k.id,
            sessions: mine.length,
            energy_wh: mine.reduce((sum, s) => sum + (s.energyWh ?? 0), 0),
          };
        }),
      },
      200,
    );
  })
  .openapi(connectorYear, async (c) => {
    const db = c.get('db');
    const q = c.req.valid('query');
    const found = await myConnector(db, me(c), c.req.valid('param').connectorId);
    if (!found) return apiError(c, 404, 'CONNECTOR_NOT_FOUND', 'notFound');
    const [row] = await myStations(db, me(c), found.home.id);
    const zone = row?.station?.timeZone ?? DEFAULT_TIME_ZONE;
    const year = yearOf(q.year, zone);
    const period = yearBounds(year, zone);
    const stationId = found.connector.stationId;
    const [sessions, page] = await Promise.all([
      periodSessions(db, { stationId, connectorId: found.connector.id }, period),
      connectorSessionsPage(db, found.connector.id, period, q),
    ]);
    const userId = authOf(c).user.id;
    return c.json(
      {
        station: { id: found.home.id, name: found.home.name, station_id: found.home.stationId },
        connector: toConnector(found.connector),
        year,
        ...monthsOf(sessions, year, zone),
        list: {
          data: page.rows.map((s) => ({
            id: s.id,
            start: s.startAt.toISOString(),
            end: s.endAt?.toISOString() ?? null,
            energy_wh: s.energyWh,
            duration_s: s.durationS,
            status: s.status,
            mine: s.userId === userId,
          })),
          total: page.total,
          page: q.page,
          items_per_page: q.items_per_page,
        },
      },
      200,
    );
  });
