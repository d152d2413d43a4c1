/**
 * @module OCPP 2.0.1 notifications that only report (blocks A, L, N): the latest firmware, log and
 * security report kept as for 1.6; NotifyEvent is in the station log (every frame is, ADR 034) as an
 * 'Error' entry the operator filters on.
 */
import type { Handler201 } from '../../context';
import {
  firmwareStatusNotification as firmware16,
  logStatusNotification as log16,
  securityEventNotification as security16,
} from '../notifications';

export const securityEventNotification: Handler201<'SecurityEventNotification'> = (ctx, p) => security16(ctx, p);
export const firmwareStatusNotification: Handler201<'FirmwareStatusNotification'> = (ctx, p) => firmware16(ctx, p);
export const logStatusNotification: Handler201<'LogStatusNotification'> = (ctx, p) => log16(ctx, p);

/** Kept in the frame log, shown in the station log with its event type (domain/ocpp/station-log.ts). */
export const notifyEvent: Handler201<'NotifyEvent'> = () => ({});
