/** @module Route declarations of a private user's own stations (spec 7.10), behind `personal:self-charge`. */
import { defineRoute, errorResponse as error, json } from '../../lib/route';
import {
  ConnectorIdParam,
  ConnectorQuery,
  MyConnectorYear,
  MyStationDetail,
  MyStationList,
  StationIdParam,
  YearQuery,
} from './my-stations.schemas';

const ACCESS = 'personal:self-charge';
const tags = ['My pages'];

export const list = defineRoute(ACCESS, {
  method: 'get',
  path: '/my-stations',
  tags,
  summary: "The caller's own home or private stations (linked to them), with their connectors",
  responses: { 200: json(MyStationList) },
});

export const detail = defineRoute(ACCESS, {
  method: 'get',
  path: '/my-stations/{id}',
  tags,
  summary: "One of the caller's stations with the year's sessions and energy, per month and per connector",
  request: { params: StationIdParam, query: YearQuery },
  responses: { 200: json(MyStationDetail), 404: error('Not one of the caller’s stations') },
});

export const connectorYear = defineRoute(ACCESS, {
  method: 'get',
  path: '/my-connector/{connectorId}',
  tags,
  summary: "A connector of one of the caller's stations: the year's totals per month and its sessions, paged",
  request: { params: ConnectorIdParam, query: ConnectorQuery },
  responses: { 200: json(MyConnectorYear), 404: error('Not a connector of the caller’s stations') },
});
