/**
 * @module Route declarations of the onboarding API (issue 4 part 7): templates, create from
 * template, the import and its template, the steps (create → peering → publish) and commissioning.
 */
import { defineRoute, ErrorSchema, errorResponse, json, jsonBody } from '@api/lib/route';
import { XLSX_CONTENT_TYPE } from '@domain/export';
import { MAX_STATION_IMPORT_ROWS } from '@domain/onboarding/station-import';
import { z } from '@hono/zod-openapi';
import {
  ById,
  ByUid,
  CreatedSchema,
  CreateFromTemplateBody,
  ImportQuery,
  ImportReport,
  ImportResult,
  OnboardingStateSchema,
  OnboardingStates,
  PeeringParams,
  StationStepsBody,
  StepParams,
  TemplateSchema,
  TypeStatusAnswer,
  TypeStatusBody,
} from './onboarding.schemas';

const tags = ['Onboarding'];
const notFound = json(ErrorSchema, 'Station not found in the caller’s company tree');
const stepFailed = json(ErrorSchema, 'The step failed and was recorded (e.g. no peering configured): retry later');

export const templatesRoute = defineRoute('stations:onboard', {
  method: 'get',
  path: '/station-templates',
  tags,
  summary: 'Station templates: brand, model, power type and connectors (plug type, format, power) of each',
  responses: { 200: json(z.object({ data: z.array(TemplateSchema) }).openapi('StationTemplates')) },
});

export const createRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/create-from-template',
  tags,
  summary:
    'Create an online (OCPP id + password shown once) or offline (service setting 27) station from a template, then try peering and publish',
  request: { body: jsonBody(CreateFromTemplateBody) },
  responses: {
    201: json(CreatedSchema, 'Created; `credentials` is the only time the password is shown'),
    400: json(ErrorSchema, 'Station creation failed: `issues` names every field'),
    404: json(ErrorSchema, 'Station template not found'),
    409: json(ErrorSchema, 'The OCPP id is taken, or the company is closed'),
  },
});

export const importTemplateRoute = defineRoute('stations:onboard', {
  method: 'get',
  path: '/stations/import-template',
  tags,
  summary: 'The online-station import template (.xlsx): the columns an import reads, with one example row per template',
  responses: { 200: { description: 'The XLSX file', content: { [XLSX_CONTENT_TYPE]: { schema: z.any() } } } },
});

export const importRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/import',
  tags,
  summary: `Imports online stations from the import template (.xlsx or .xls) or a CSV file (at most ${MAX_STATION_IMPORT_ROWS} rows), all rows or none. Multipart field \`file\` or the raw body; \`dry_run=true\` only checks. With Accept: application/x-ndjson: progress lines, then {type:"result",status,body}.`,
  request: { query: ImportQuery },
  responses: {
    200: json(
      ImportResult,
      'Every row valid: all created (credentials shown this once), or with dry_run, all would be',
    ),
    400: errorResponse(
      'No file, not .xlsx, .xls or .csv, encrypted or pre-97 .xls, damaged, too large, too many rows, no rows',
    ),
    409: errorResponse('An OCPP id was taken while importing, or the selected company is closed: nothing created'),
    422: json(ImportReport, 'Rows with errors (row, column, value, message): nothing created'),
  },
});

export const statesRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/onboarding/states',
  tags,
  summary: 'The onboarding steps of several stations (e.g. those one import created), in the order given',
  request: { body: jsonBody(StationStepsBody) },
  responses: { 200: json(OnboardingStates), 404: notFound },
});

export const runRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/onboarding/run',
  tags,
  summary:
    'Run (again) the peering and/or publish step of several stations, as after a single creation; each outcome is recorded and answered per station (`failed` counts the failed attempts)',
  request: { body: jsonBody(StationStepsBody) },
  responses: { 200: json(OnboardingStates), 404: notFound },
});

export const stateRoute = defineRoute('stations:onboard', {
  method: 'get',
  path: '/stations/{uid}/onboarding',
  tags,
  summary: 'The onboarding steps of a station (create, peering, publish) with their outcome and attempts',
  request: { params: ByUid },
  responses: { 200: json(OnboardingStateSchema), 404: notFound },
});

export const retryRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/{uid}/onboarding/{step}',
  tags,
  summary: 'Try (again) the peering or publish step; the outcome is recorded either way',
  request: { params: StepParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

export const bindRoute = defineRoute('stations:onboard', {
  method: 'put',
  path: '/stations/{uid}/bind-peering/{peering_id}',
  tags,
  summary: 'Bind the station to a roaming peering (the peering step)',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

export const unbindRoute = defineRoute('stations:onboard', {
  method: 'delete',
  path: '/stations/{uid}/bind-peering/{peering_id}',
  tags,
  summary: 'Unbind the station from a roaming peering (the partner receives its EVSEs as removed)',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound },
});

export const publishRoute = defineRoute('stations:onboard', {
  method: 'post',
  path: '/stations/{uid}/publish-on-emp/{peering_id}',
  tags,
  summary: 'Publish the station on the e-mobility platform of a peering (the publish step)',
  request: { params: PeeringParams },
  responses: { 200: json(OnboardingStateSchema), 404: notFound, 409: stepFailed },
});

export const typeStatusRoute = defineRoute('stations:edit', {
  method: 'put',
  path: '/stations/{id}/type-status',
  tags,
  summary: 'Change the commissioning status and/or the visibility in the app; audited',
  request: { params: ById, body: jsonBody(TypeStatusBody) },
  responses: { 200: json(TypeStatusAnswer), 404: notFound },
});
