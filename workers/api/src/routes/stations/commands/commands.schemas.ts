/**
 * @module Schemas of the system → charge point commands the spec gives no path for (ADR 014): the
 * request body of each named command (checked here, then by the official OCPP schema in the
 * ChargePoint object), and the last CSR of a station.
 */

import { z } from '@hono/zod-openapi';
import { SetNetworkProfileBody } from './commands.network-profile';

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
export const COMMANDS = {
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
  /** OCPP 2.0.1 only (B09): a 1.6 station answers 409; VPN/APN secrets are never logged. */
  'set-network-profile': { action: 'SetNetworkProfile', body: SetNetworkProfileBody },
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

export const CsrAnswer = z.object({
  csr: z.string().nullable(),
  status: z.string().nullable(),
  received_at: z.string().nullable(),
  reason: z.string().nullable().describe('Why the built-in certificate authority refused the CSR'),
  serial: z.string().nullable().describe('The certificate the built-in certificate authority issued for it'),
});
