/**
 * @module The system → charge point commands the spec gives no path for (ADR 014):
 * `POST /stations/{uid}/commands/{action-kebab}` with the OCPP request as the JSON body, checked by a
 * zod schema per action (then by the official OCPP schema in the ChargePoint object). Ids the caller
 * chooses (reservation, charging profile, transaction, connector) are passed on unchanged: the
 * charge point's answer decides. Also the CSR the charge point sent last (`GET stations/{uid}/csr`).
 */

import { answerCommand, dispatchCommand } from '@api/lib/charge-point-command';
import { stationFiles } from '@db/schema';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { ByUid, commandResponses } from './configuration.routes';
import { chargePointOf, onStation, type Station } from './scope';
import { DOWNLOAD_LINK_TTL_MS, issueToken, publicOrigin, revokeToken, UPLOAD_LINK_TTL_MS } from './transfers';

const connectorId = z.number().int().min(0, 'Connector 0 is the whole station; numbers are 0 or more');
const id = z.number().int();
const dateTime = z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time, e.g. 2026-11-21T10:00:00Z' });
const idToken = z.string().min(1).max(20, 'An idTag has at most 20 characters');

const ChargingSchedule = z
  .object({
    duration: z.number().int().optional(),
    startSchedule: dateTime.optional(),
    chargingRateUnit: z.enum(['A', 'W']),
    chargingSchedulePeriod: z
      .array(
        z
          .object({
            startPeriod: z.number().int().min(0),
            limit: z.number().min(0),
            numberPhases: z.number().int().min(1).max(3).optional(),
          })
          .strict(),
      )
      .min(1, 'At least one charging schedule period'),
    minChargingRate: z.number().optional(),
  })
  .strict();

const ChargingProfile = z
  .object({
    chargingProfileId: id,
    transactionId: id.optional(),
    stackLevel: z.number().int().min(0),
    chargingProfilePurpose: z.enum(['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile']),
    chargingProfileKind: z.enum(['Absolute', 'Recurring', 'Relative']),
    recurrencyKind: z.enum(['Daily', 'Weekly']).optional(),
    validFrom: dateTime.optional(),
    validTo: dateTime.optional(),
    chargingSchedule: ChargingSchedule,
  })
  .strict();

const CertificateHashData = z
  .object({
    hashAlgorithm: z.enum(['SHA256', 'SHA384', 'SHA512']),
    issuerNameHash: z.string().min(1).max(128),
    issuerKeyHash: z.string().min(1).max(128),
    serialNumber: z.string().min(1).max(40),
  })
  .strict();

const retries = { retries: z.number().int().min(0).optional(), retryInterval: z.number().int().min(0).optional() };

/** kebab path segment → OCPP action and its request body. */
const COMMANDS = {
  'clear-cache': { action: 'ClearCache', body: z.object({}).strict() },
  'trigger-message': {
    action: 'TriggerMessage',
    body: z
      .object({
        requestedMessage: z.enum([
          'BootNotification',
          'DiagnosticsStatusNotification',
          'FirmwareStatusNotification',
          'Heartbeat',
          'MeterValues',
          'StatusNotification',
        ]),
        connectorId: connectorId.optional(),
      })
      .strict(),
  },
  'extended-trigger-message': {
    action: 'ExtendedTriggerMessage',
    body: z
      .object({
        requestedMessage: z.enum([
          'BootNotification',
          'LogStatusNotification',
          'FirmwareStatusNotification',
          'Heartbeat',
          'MeterValues',
          'SignChargePointCertificate',
          'StatusNotification',
        ]),
        connectorId: connectorId.optional(),
      })
      .strict(),
  },
  'get-local-list-version': { action: 'GetLocalListVersion', body: z.object({}).strict() },
  'send-local-list': {
    action: 'SendLocalList',
    body: z
      .object({
        listVersion: z.number().int(),
        updateType: z.enum(['Differential', 'Full']),
        localAuthorizationList: z
          .array(
            z
              .object({
                idTag: idToken,
                idTagInfo: z
                  .object({
                    status: z.enum(['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx']),
                    expiryDate: dateTime.optional(),
                    parentIdTag: idToken.optional(),
                  })
                  .strict()
                  .optional(),
              })
              .strict(),
          )
          .max(10_000)
          .optional(),
      })
      .strict(),
  },
  'reserve-now': {
    action: 'ReserveNow',
    body: z
      .object({
        connectorId,
        expiryDate: dateTime,
        idTag: idToken,
        parentIdTag: idToken.optional(),
        reservationId: id,
      })
      .strict(),
  },
  'cancel-reservation': { action: 'CancelReservation', body: z.object({ reservationId: id }).strict() },
  'set-charging-profile': {
    action: 'SetChargingProfile',
    body: z.object({ connectorId, csChargingProfiles: ChargingProfile }).strict(),
  },
  'clear-charging-profile': {
    action: 'ClearChargingProfile',
    body: z
      .object({
        id: id.optional(),
        connectorId: connectorId.optional(),
        chargingProfilePurpose: z.enum(['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile']).optional(),
        stackLevel: z.number().int().min(0).optional(),
      })
      .strict(),
  },
  'get-composite-schedule': {
    action: 'GetCompositeSchedule',
    body: z
      .object({
        connectorId,
        duration: z.number().int().min(1, 'The duration is in seconds, at least 1'),
        chargingRateUnit: z.enum(['A', 'W']).optional(),
      })
      .strict(),
  },
  'data-transfer': {
    action: 'DataTransfer',
    body: z
      .object({
        vendorId: z.string().min(1).max(255),
        messageId: z.string().max(50).optional(),
        data: z.string().max(100_000).optional(),
      })
      .strict(),
  },
  'get-log': {
    action: 'GetLog',
    body: z
      .object({
        logType: z.enum(['DiagnosticsLog', 'SecurityLog']),
        requestId: id,
        ...retries,
        log: z
          .object({
            /** Omitted: the log is uploaded to a single-use link of this product (listed with diagnostics). */
            remoteLocation: z.url().max(512).optional(),
            oldestTimestamp: dateTime.optional(),
            latestTimestamp: dateTime.optional(),
          })
          .strict()
          .default({}),
      })
      .strict(),
  },
  'signed-update-firmware': {
    action: 'SignedUpdateFirmware',
    body: z
      .object({
        requestId: id,
        ...retries,
        /** A firmware file of this product (see get-firmware-list); or give firmware.location yourself. */
        firmwareFile: z.string().min(1).max(200).optional(),
        firmware: z
          .object({
            location: z.url().max(512).optional(),
            retrieveDateTime: dateTime,
            installDateTime: dateTime.optional(),
            signingCertificate: z.string().min(1).max(5500),
            signature: z.string().min(1).max(800),
          })
          .strict(),
      })
      .strict()
      .refine((b) => Boolean(b.firmwareFile) !== Boolean(b.firmware.location), {
        path: ['firmwareFile'],
        message: 'Give either firmwareFile or firmware.location',
      }),
  },
  'install-certificate': {
    action: 'InstallCertificate',
    body: z
      .object({
        certificateType: z.enum(['CentralSystemRootCertificate', 'ManufacturerRootCertificate']),
        certificate: z.string().min(1).max(5500),
      })
      .strict(),
  },
  'get-installed-certificate-ids': {
    action: 'GetInstalledCertificateIds',
    body: z
      .object({ certificateType: z.enum(['CentralSystemRootCertificate', 'ManufacturerRootCertificate']) })
      .strict(),
  },
  'delete-certificate': {
    action: 'DeleteCertificate',
    body: z.object({ certificateHashData: CertificateHashData }).strict(),
  },
  'certificate-signed': {
    action: 'CertificateSigned',
    body: z
      .object({
        /** The charge point's signed certificate (PEM), issued for its CSR; the configured CA chain is appended. */
        certificate: z
          .string()
          .max(5500)
          .regex(/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/, 'A PEM certificate'),
      })
      .strict(),
  },
} as const;

export type CommandPath = keyof typeof COMMANDS;
export const COMMAND_PATHS = Object.keys(COMMANDS) as CommandPath[];

/** Payload changes before sending: product links for files, the CA chain for certificates. */
async function prepare(
  c: Context<AppEnv>,
  station: Station,
  path: CommandPath,
  body: Record<string, unknown>,
): Promise<{ payload: Record<string, unknown>; logged: Record<string, unknown>; revoke?: string } | Response> {
  const db = c.get('db');
  if (path === 'get-log') {
    const log = body.log as { remoteLocation?: string };
    if (log.remoteLocation) return { payload: body, logged: body };
    const link = await issueToken(db, { kind: 'diagnostics-upload', stationId: station.id, ttlMs: UPLOAD_LINK_TTL_MS });
    const remoteLocation = `${publicOrigin(c)}/api/station-files/diagnostics/${link.token}/`;
    return {
      payload: { ...body, log: { ...log, remoteLocation } },
      logged: { ...body, log: { ...log, remoteLocation: '(single-use upload link)' } },
      revoke: link.tokenHash,
    };
  }
  if (path === 'signed-update-firmware' && typeof body.firmwareFile === 'string') {
    const { firmwareFile, ...rest } = body;
    const scope = await callerScope(c);
    const file = await db
      .select()
      .from(stationFiles)
      .where(
        and(
          eq(stationFiles.kind, 'firmware'),
          eq(stationFiles.filename, firmwareFile),
          inArray(stationFiles.companyId, [station.companyId, ...scope]),
        ),
      )
      .orderBy(desc(stationFiles.id))
      .get();
    if (!file) return apiError(c, 404, 'FILE_NOT_FOUND', 'stationFileNotFound', { params: { filename: firmwareFile } });
    const link = await issueToken(db, {
      kind: 'firmware-download',
      stationId: station.id,
      fileId: file.id,
      ttlMs: DOWNLOAD_LINK_TTL_MS,
    });
    const location = `${publicOrigin(c)}/api/station-files/firmware/${link.token}/${encodeURIComponent(file.filename)}`;
    const firmware = rest.firmware as Record<string, unknown>;
    return {
      payload: { ...rest, firmware: { ...firmware, location } },
      logged: { ...rest, firmware: { ...firmware, location: `(download link to ${file.filename})` } },
      revoke: link.tokenHash,
    };
  }
  if (path === 'certificate-signed') {
    const chain = (c.env as { OCPP_CA_CERTIFICATE_CHAIN?: string }).OCPP_CA_CERTIFICATE_CHAIN?.trim();
    if (!chain) return apiError(c, 409, 'NO_CERTIFICATE_AUTHORITY', 'noCertificateAuthority');
    const certificateChain = `${String(body.certificate).trim()}\n${chain}\n`;
    if (certificateChain.length > 10_000) {
      return apiError(c, 400, 'VALIDATION', 'validation', { field: 'certificate' });
    }
    return { payload: { certificateChain }, logged: { certificateChain } };
  }
  return { payload: body, logged: body };
}

const csrRoute = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/csr',
  tags: ['Station commands'],
  summary: 'The last certificate signing request (SignCertificate) of the station and how it was answered, or null',
  request: { params: ByUid },
  responses: {
    200: json(
      z.object({
        csr: z.string().nullable(),
        status: z.string().nullable(),
        received_at: z.string().nullable(),
        reason: z.string().nullable().describe('Why the built-in certificate authority refused the CSR'),
        serial: z.string().nullable().describe('The certificate the built-in certificate authority issued for it'),
      }),
    ),
    404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  },
});

export const commandRoutes = new OpenAPIHono<AppEnv>().openapi(csrRoute, (c) =>
  onStation(c, c.req.valid('param').uid, async (s) => {
    const { csr } = await chargePointOf(c, s).commandProgress();
    return c.json(
      {
        csr: csr?.csr ?? null,
        status: csr?.status ?? null,
        received_at: csr?.receivedAt ?? null,
        reason: csr?.reason ?? null,
        serial: csr?.serial ?? null,
      },
      200,
    );
  }),
);

for (const path of COMMAND_PATHS) {
  const { action, body } = COMMANDS[path];
  const route = defineRoute('connectors:command:advanced', {
    method: 'post',
    path: `/stations/{uid}/commands/${path}`,
    tags: ['Station commands'],
    summary: `${action}: the OCPP request as the body; answers with the charge point's reply`,
    request: { params: ByUid, body: jsonBody(body) },
    responses: commandResponses,
  });
  commandRoutes.openapi(
    route,
    (c) =>
      onStation(c, c.req.valid('param').uid, async (station) => {
        const prepared = await prepare(c, station, path, c.req.valid('json') as Record<string, unknown>);
        if (prepared instanceof Response) return prepared;
        const sent = await dispatchCommand(c, { station, connector: null }, action, prepared.payload, prepared.logged);
        if (prepared.revoke && sent.outcome.status !== 'accepted' && sent.outcome.status !== 'timeout') {
          await revokeToken(c.get('db'), prepared.revoke);
        }
        return answerCommand(c, sent);
      }) as never,
  );
}
