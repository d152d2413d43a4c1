/**
 * @module OCPP 2.0.1 provisioning and availability (blocks B and G) on the 1.6 handlers' domain
 * logic: BootNotification (the station's registration decides), Heartbeat, and StatusNotification,
 * whose EVSE id is our connector number (ADR 058: EVSE 0 is the station, like 1.6 connector 0).
 */
import type { Handler201 } from '../../context';
import { bootNotification as boot16 } from '../boot-notification';
import { heartbeat as heartbeat16 } from '../heartbeat';
import { applyStatus } from '../status-notification';

export const bootNotification: Handler201<'BootNotification'> = (ctx, p) => {
  const cs = p.chargingStation;
  return boot16(ctx, {
    chargePointVendor: cs.vendorName,
    chargePointModel: cs.model,
    ...(cs.serialNumber !== undefined ? { chargePointSerialNumber: cs.serialNumber } : {}),
    ...(cs.firmwareVersion !== undefined ? { firmwareVersion: cs.firmwareVersion } : {}),
    ...(cs.modem?.iccid !== undefined ? { iccid: cs.modem.iccid } : {}),
    ...(cs.modem?.imsi !== undefined ? { imsi: cs.modem.imsi } : {}),
  });
};

export const heartbeat: Handler201<'Heartbeat'> = (ctx, p) => heartbeat16(ctx, p);

/** 2.0.1 connector statuses in the 1.6 names the back office's connector rows and history use. */
const STATUS_16 = {
  Available: 'Available',
  Occupied: 'Preparing',
  Reserved: 'Reserved',
  Unavailable: 'Unavailable',
  Faulted: 'Faulted',
} as const;

export const statusNotification: Handler201<'StatusNotification'> = (ctx, p) =>
  applyStatus(
    ctx,
    {
      connectorId: p.evseId,
      status: STATUS_16[p.connectorStatus],
      // 2.0.1 reports the fault itself through NotifyEvent; the status only says Faulted.
      errorCode: p.connectorStatus === 'Faulted' ? 'OtherError' : 'NoError',
      timestamp: p.timestamp,
      ...(p.connectorId !== 1 ? { info: `EVSE ${p.evseId} connector ${p.connectorId}` } : {}),
    },
    { closeOnAvailable: false },
  );
