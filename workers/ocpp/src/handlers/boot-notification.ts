/** @module BootNotification: the station's registration decides Accepted / Pending / Rejected. */
import { heartbeatInterval } from '../../../../domain/stations/liveness';
import { findStationById, recordBoot } from '../../../../drizzle/queries/stations';
import type { Handler } from '../context';

const REGISTRATION = { accepted: 'Accepted', pending: 'Pending', rejected: 'Rejected' } as const;

export const bootNotification: Handler<'BootNotification'> = async (ctx, p) => {
  const station = await findStationById(ctx.db, ctx.stationId);
  // The upgrade found the station; if it was deleted since, the charge point must not proceed.
  const status = station ? REGISTRATION[station.registration] : 'Rejected';
  ctx.store.put('boot', { ...p, at: ctx.now.toISOString(), status });
  await recordBoot(ctx.db, ctx.stationId, {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber ?? null,
    firmware: p.firmwareVersion ?? null,
    ip: ctx.ip,
    at: ctx.now,
  });
  ctx.store.put('d1SeenAt', ctx.now.getTime());
  const interval = heartbeatInterval(ctx.env);
  // The heartbeat timeout (two intervals without a frame) counts with the interval the station was told.
  ctx.store.put('heartbeatInterval', interval);
  return { status, currentTime: ctx.now.toISOString(), interval };
};
