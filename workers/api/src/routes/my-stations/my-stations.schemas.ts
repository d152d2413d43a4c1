/** @module Shapes of a private user's own (home or private) stations (spec 7.10: GET my-stations, my-connector/{connectorId}). */
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 7 });

export const StationIdParam = z.object({ id: id('id') });
export const ConnectorIdParam = z.object({ connectorId: id('connectorId') });

/** The calendar year of the totals (local time of the station), this year by default. */
const year = z.coerce.number().int().min(2000).max(2100).optional();
export const YearQuery = z.object({ year });
export const ConnectorQuery = z.object({ year, ...pageQueryFields(20) });

export const MyConnector = z.object({
  id: z.number(),
  connector_number: z.number(),
  evse_id: z.string().nullable(),
  plug_type: z.string().nullable(),
  max_power_w: z.number().nullable(),
  status: z.string(),
});

export const MyStation = z
  .object({
    /** The home station's id (the user's link to it). */
    id: z.number(),
    name: z.string(),
    /** The station in the network when it reports over OCPP; null for an offline-only station. */
    station_id: z.number().nullable(),
    uid: z.string().nullable(),
    city: z.string().nullable(),
    is_offline: z.boolean(),
    connectors: z.array(MyConnector),
  })
  .openapi('MyStation');

export const MyStationList = z.object({ data: z.array(MyStation) }).openapi('MyStationList');

const Month = z.object({ month: z.number(), sessions: z.number(), energy_wh: z.number() });

export const MyStationDetail = z
  .object({
    station: MyStation,
    year: z.number(),
    sessions: z.number(),
    energy_wh: z.number(),
    months: z.array(Month),
    /** The year's totals per connector. */
    per_connector: z.array(z.object({ connector_id: z.number(), sessions: z.number(), energy_wh: z.number() })),
  })
  .openapi('MyStationDetail');

export const StationSession = z.object({
  id: z.number(),
  start: z.string(),
  end: z.string().nullable(),
  energy_wh: z.number().nullable(),
  duration_s: z.number().nullable(),
  status: z.string(),
  /** The caller's own session (others charging at the station are shown without who they are). */
  mine: z.boolean(),
});

export const MyConnectorYear = z
  .object({
    station: MyStation.pick({ id: true, name: true, station_id: true }),
    connector: MyConnector,
    year: z.number(),
    sessions: z.number(),
    energy_wh: z.number(),
    months: z.array(Month),
    list: pageOf(StationSession),
  })
  .openapi('MyConnectorYear');
