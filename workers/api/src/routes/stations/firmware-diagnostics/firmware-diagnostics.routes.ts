/** @module Route declarations of a station's diagnostics and firmware (spec 7.16). */

import { defineRoute, ErrorSchema, json, jsonBody } from '@api/lib/route';
import { MAX_FIRMWARE_BYTES } from '@domain/stations/transfer-links';
import { z } from '@hono/zod-openapi';
import { ByUid, stationCommandResponses } from '../stations.schemas';
import {
  ByFile,
  ByFirmware,
  FileList,
  FileSchema,
  GetDiagnosticsBody,
  Paging,
  ProgressSchema,
  UpgradeBody,
} from './firmware-diagnostics.schemas';

const TAGS = ['Station diagnostics and firmware'];
const notFound404 = json(ErrorSchema, 'Station uid: {uid} not found (or the file)');
const progressResponses = { 200: json(ProgressSchema), 404: notFound404 };
const listResponses = { 200: json(FileList), 404: notFound404 };
const blobResponses = {
  200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any() } } },
  404: notFound404,
};
const uploadResponses = { 201: json(FileSchema), 400: json(ErrorSchema, 'Empty or too large file'), 404: notFound404 };

// POST, not the spec's GET: it sends a command to the charge point and issues an upload link, so a
// link or a cross-site navigation must not be able to trigger it (issue 24).
export const getDiagnostics = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/get-diagnostics',
  tags: TAGS,
  summary:
    'GetDiagnostics: the charge point uploads its diagnostics to a single-use link of this product (stored in R2); optional time window',
  request: { params: ByUid, body: jsonBody(GetDiagnosticsBody) },
  responses: stationCommandResponses,
});

export const diagnosticsStatus = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-status',
  tags: TAGS,
  summary: 'The last DiagnosticsStatusNotification of the station (Idle, Uploading, Uploaded, UploadFailed) or null',
  request: { params: ByUid },
  responses: progressResponses,
});

export const resetDiagnosticsStatus = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/reset-get-diagnostics-status',
  tags: TAGS,
  summary: 'Forgets the last diagnostics status',
  request: { params: ByUid },
  responses: progressResponses,
});

export const firmwareStatus = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-firmware-upgrade-status',
  tags: TAGS,
  summary: 'The last FirmwareStatusNotification (or SignedFirmwareStatusNotification) of the station, or null',
  request: { params: ByUid },
  responses: progressResponses,
});

export const resetFirmwareStatus = defineRoute('connectors:command:advanced', {
  method: 'delete',
  path: '/stations/{uid}/reset-firmware-upgrade-status',
  tags: TAGS,
  summary: 'Forgets the last firmware status',
  request: { params: ByUid },
  responses: progressResponses,
});

export const diagnosticsList = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-list',
  tags: TAGS,
  summary: 'Diagnostics (and log) files this station uploaded, newest first',
  request: { params: ByUid, query: Paging },
  responses: listResponses,
});

export const diagnosticsFile = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-diagnostics-file/{filename}',
  tags: TAGS,
  summary: 'Downloads one diagnostics file of this station (blob)',
  request: { params: ByFile },
  responses: blobResponses,
});

export const firmwareList = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/get-firmware-list',
  tags: TAGS,
  summary: "Firmware files of the station's operator company, newest first",
  request: { params: ByUid, query: Paging },
  responses: listResponses,
});

export const uploadFirmware = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/firmware/{filename}',
  tags: TAGS,
  summary: `Uploads a firmware file (raw body, at most ${MAX_FIRMWARE_BYTES} bytes) for the station's operator company; same name replaces`,
  request: { params: ByFile },
  responses: uploadResponses,
});

// POST, not the spec's GET: it makes the charge point install firmware (issue 24).
export const upgrade = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/upgrade/{firmware}',
  tags: TAGS,
  summary: 'UpdateFirmware with a download link to the firmware file in R2; optional retrieveDate (default now)',
  request: { params: ByFirmware, body: jsonBody(UpgradeBody) },
  responses: stationCommandResponses,
});
