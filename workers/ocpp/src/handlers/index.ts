/** @module The charge point → central system actions of OCPP 1.6J (and the Security Whitepaper), by name. */
import type { HandlerMap } from '../context';
import { authorize } from './authorize';
import { bootNotification } from './boot-notification';
import { heartbeat } from './heartbeat';
import { meterValues } from './meter-values';
import {
  dataTransfer,
  diagnosticsStatusNotification,
  firmwareStatusNotification,
  logStatusNotification,
  securityEventNotification,
  signedFirmwareStatusNotification,
} from './notifications';
import { signCertificate } from './sign-certificate';
import { startTransaction } from './start-transaction';
import { statusNotification } from './status-notification';
import { stopTransaction } from './stop-transaction';

export const v16 = {
  BootNotification: bootNotification,
  Heartbeat: heartbeat,
  StatusNotification: statusNotification,
  Authorize: authorize,
  StartTransaction: startTransaction,
  MeterValues: meterValues,
  StopTransaction: stopTransaction,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  SecurityEventNotification: securityEventNotification,
  SignCertificate: signCertificate,
  SignedFirmwareStatusNotification: signedFirmwareStatusNotification,
  LogStatusNotification: logStatusNotification,
} satisfies HandlerMap;

export function isInboundAction(action: string): action is keyof typeof v16 {
  return Object.hasOwn(v16, action);
}

/** DataTransfer is the one OCPP 1.6 action both sides may send. */
const BOTH_WAYS: ReadonlySet<string> = new Set(['DataTransfer']);

/** Actions only a charge point sends: the central system never sends them as commands. */
export function isChargePointOnlyAction(action: string): boolean {
  return isInboundAction(action) && !BOTH_WAYS.has(action);
}
