/** @module The charging station → CSMS actions of OCPP 2.0.1 handled so far (ADR 058), by name. */
import type { HandlerMap201 } from '../../context';
import { authorize } from './authorize';
import {
  dataTransfer,
  get15118EVCertificate,
  getCertificateStatus,
  reservationStatusUpdate,
  signCertificate,
} from './blocks';
import { meterValues } from './meter-values';
import {
  firmwareStatusNotification,
  logStatusNotification,
  notifyEvent,
  securityEventNotification,
} from './notifications';
import {
  clearedChargingLimit,
  notifyChargingLimit,
  notifyDisplayMessages,
  notifyEVChargingNeeds,
  notifyMonitoringReport,
  notifyReport,
  reportChargingProfiles,
} from './reports';
import { bootNotification, heartbeat, statusNotification } from './station';
import { transactionEvent } from './transaction-event';

export const v201 = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  TransactionEvent: transactionEvent,
  MeterValues: meterValues,
  SecurityEventNotification: securityEventNotification,
  NotifyEvent: notifyEvent,
  FirmwareStatusNotification: firmwareStatusNotification,
  LogStatusNotification: logStatusNotification,
  NotifyReport: notifyReport,
  ReportChargingProfiles: reportChargingProfiles,
  NotifyEVChargingNeeds: notifyEVChargingNeeds,
  NotifyChargingLimit: notifyChargingLimit,
  ClearedChargingLimit: clearedChargingLimit,
  NotifyDisplayMessages: notifyDisplayMessages,
  NotifyMonitoringReport: notifyMonitoringReport,
  ReservationStatusUpdate: reservationStatusUpdate,
  DataTransfer: dataTransfer,
  Get15118EVCertificate: get15118EVCertificate,
  GetCertificateStatus: getCertificateStatus,
  SignCertificate: signCertificate,
} satisfies HandlerMap201;
