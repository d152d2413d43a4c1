/** @module Route declarations of the OCPP station log (spec 7.16). */
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { ConnectorLogParams, LogPage, LogQuery, StationLogParams } from './log.schemas';

export const connectorLog = defineRoute('connectors:logs', {
  method: 'get',
  path: '/station-log/{stationUid}/{connectorUid}',
  tags: ['Maintenance'],
  summary:
    'OCPP log of a connector (its frames and the station-wide ones): at most 200 entries from `from` (without `from`, the latest), newest first unless `order=asc`, dates in UTC',
  request: { params: ConnectorLogParams, query: LogQuery },
  responses: { 200: json(LogPage), 404: json(ErrorSchema, 'Connector id: {id} not found.') },
});

export const stationLog = defineRoute('connectors:logs', {
  method: 'get',
  path: '/stations/{uid}/ocpp-log',
  tags: ['Maintenance'],
  summary:
    'OCPP log of a station, every connector: at most 200 entries from `from` (UTC), newest first unless `order=asc`, with the same filters',
  request: { params: StationLogParams, query: LogQuery },
  responses: { 200: json(LogPage), 404: json(ErrorSchema, 'Station not found') },
});
