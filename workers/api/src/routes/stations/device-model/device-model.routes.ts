/** @module Route declarations of a station's OCPP 2.0.1 device model and reports (ADR 058 addendum). */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { ByUid, stationCommandResponses } from '../stations.schemas';
import { BaseReportBody, DeviceModelPage, DeviceModelQuery, OcppReports } from './device-model.schemas';

const notFound = json(ErrorSchema, 'Station uid: {uid} not found.');

export const getDeviceModel = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/device-model',
  tags: ['Station commands'],
  summary:
    "The OCPP 2.0.1 device model the station reported (NotifyReport answering a base report): every attribute of every variable, by key, a page at a time, optionally one component's",
  request: { params: ByUid, query: DeviceModelQuery },
  responses: { 200: json(DeviceModelPage), 404: notFound },
});

export const requestBaseReport = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/device-model/report',
  tags: ['Station commands'],
  summary:
    'GetBaseReport (OCPP 2.0.1): the station answers Accepted, then sends its device model in NotifyReport parts, kept and read through GET device-model. A 1.6 station answers NotSupported.',
  request: { params: ByUid, body: jsonBody(BaseReportBody) },
  responses: stationCommandResponses,
});

export const getOcppReports = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/ocpp-reports',
  tags: ['Station commands'],
  summary:
    'What an OCPP 2.0.1 station reported in answer to requests (base reports, charging profiles, display messages, monitoring, the latest 10 of each) and its notices (EV charging needs, external charging limits in force)',
  request: { params: ByUid },
  responses: { 200: json(OcppReports), 404: notFound },
});
