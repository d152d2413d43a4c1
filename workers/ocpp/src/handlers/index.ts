/**
 * @module The charge point → central system actions by name: OCPP 1.6J (and the Security
 * Whitepaper) here, OCPP 2.0.1 in v201/; the connection's negotiated version chooses (ADR 058).
 */
import type { OcppVersion } from '@domain/ocpp/versions';
import type { HandlerContext, HandlerMap } from '../context';
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
import { v201 } from './v201';

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

type AnyHandler = (ctx: HandlerContext, payload: unknown) => Promise<unknown> | unknown;

/** The handler of a CALL in the connection's version, or null when we do not receive that action. */
export function handlerFor(version: OcppVersion, action: string): AnyHandler | null {
  const map: Record<string, unknown> = version === 'ocpp2.0.1' ? v201 : v16;
  return Object.hasOwn(map, action) ? (map[action] as AnyHandler) : null;
}

/** DataTransfer is the one action both sides may send (in both versions). */
const BOTH_WAYS: ReadonlySet<string> = new Set(['DataTransfer']);

/** Actions only a charge point sends: the central system never sends them as commands. */
export function isChargePointOnlyAction(action: string, version: OcppVersion = 'ocpp1.6'): boolean {
  return handlerFor(version, action) !== null && !BOTH_WAYS.has(action);
}
